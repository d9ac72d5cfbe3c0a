// The check module's functions as the package exports them, shared by the browser entry
// (`index.ts`) and the Node entry (`node.ts`), which differ only in how the module is
// loaded. They check their arguments (`arguments.ts`), and their signatures are the
// package's public types: `filter` is optional, as it is at runtime.

import type * as Check from "../wasm/check/node/courtrules_check.js";
import type {
  CheckRequest,
  CheckResponse,
  DeadlineRequest,
  DeadlineResponse,
  FieldError,
  LayeredRules,
  Profile,
  RulesFilter,
  TimeRules,
} from "./engine-types.js";
import { notText, string } from "./arguments.js";

type CheckModule = Pick<typeof Check, "check" | "checkJson" | "validate" | "resolveRules" | "deadlines" | "deadlinesJson" | "engineVersion">;

/** The check module's functions over `engine()` (which throws while it is not loaded). */
export function checkFunctions(engine: () => CheckModule) {
  return {
    check: (profile: Profile, request: CheckRequest): CheckResponse =>
      engine().check(
        notText(profile, "profile", "checkJson", "invalid_profile"),
        notText(request, "request", "checkJson", "invalid_request"),
      ),
    checkJson: (profileJson: string, requestJson: string): string =>
      engine().checkJson(string(profileJson, "profileJson"), string(requestJson, "requestJson")),
    // It exists to check unchecked data, so it takes anything; the engine refuses
    // `undefined` (it has no JSON form) but lists every problem of `null`, as it should a
    // missing request.
    validate: (request: unknown): FieldError[] => engine().validate((request ?? null) as CheckRequest),
    // The engine takes a missing filter (undefined or null) as no filter; the glue's
    // declaration says it is required.
    resolveRules: (profile: Profile, judgeSlug: string, filter?: RulesFilter | null): LayeredRules =>
      engine().resolveRules(
        notText(profile, "profile", "checkJson", "invalid_profile"),
        string(judgeSlug, "judgeSlug"),
        filter as RulesFilter,
      ),
    deadlines: (timeRules: TimeRules, request: DeadlineRequest): DeadlineResponse =>
      engine().deadlines(
        notText(timeRules, "timeRules", "deadlinesJson", "invalid_profile"),
        notText(request, "request", "deadlinesJson", "invalid_request"),
      ),
    deadlinesJson: (timeRulesJson: string, requestJson: string): string =>
      engine().deadlinesJson(string(timeRulesJson, "timeRulesJson"), string(requestJson, "requestJson")),
    engineVersion: (): string => engine().engineVersion(),
  };
}
