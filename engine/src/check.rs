//! `check(profile, request)`: run every check that applies to a filing.

use crate::checks::{self, Outcome};
use crate::coverage::{coverage, coverage_note, practices_result};
use crate::error::EngineError;
use crate::model::{
    CheckMeta, CheckRequest, CheckResponse, CheckResult, ComplianceStatus, JudgeRef, Profile, ResultStatus, Severity,
    SkippedCheck, Summary,
};
use crate::resolve::{applicable_rules, find_judge};

/// Checks a described filing against the profile's rules for the request's judge.
///
/// Results are ordered by status (FAIL, ACTION_REQUIRED, PASS), then severity
/// (CRITICAL, WARNING, INFO), then category (in `Category` declaration order), then
/// layer (national, local, standing order), then rule key; skipped checks by category,
/// then rule key. The same input always gives the same output, byte for byte.
pub fn check(profile: &Profile, request: &CheckRequest) -> Result<CheckResponse, EngineError> {
    if request.district_id != profile.district.district_id {
        return Err(EngineError::DistrictMismatch {
            profile_district: profile.district.district_id.clone(),
            requested_district: request.district_id.clone(),
        });
    }
    let judge = find_judge(profile, &request.judge_slug)?;
    let mut results = Vec::new();
    let mut skipped = Vec::new();
    for effective in applicable_rules(profile, judge, request) {
        let rule = effective.rule;
        // A rule for some motions, for a request that names none (`applicable_rules`).
        let needs_motion =
            request.motion_type.is_none() && rule.applies_to.as_ref().is_some_and(|a| a.motion_types.is_some());
        let outcome = match checks::evaluate(rule, request) {
            Outcome::NotApplicable => continue,
            _ if needs_motion => Outcome::Skipped { needs: "motion_type" },
            outcome => outcome,
        };
        match outcome {
            Outcome::Ran { status, message } => results.push(CheckResult {
                severity: rule.severity,
                category: rule.category,
                message,
                source: rule.citation.clone(),
                status,
                rule_key: rule.rule_key.clone(),
                layer: effective.layer,
            }),
            Outcome::Skipped { needs } => skipped.push(SkippedCheck {
                rule_key: rule.rule_key.clone(),
                category: rule.category,
                needs: needs.to_owned(),
            }),
            Outcome::NotApplicable => {}
        }
    }
    let coverage = coverage(profile, judge);
    results.extend(practices_result(judge, &coverage));
    crate::sort::sort_by(&mut results, |a, b| {
        (a.status, a.severity, a.category, a.layer, &a.rule_key).cmp(&(
            b.status,
            b.severity,
            b.category,
            b.layer,
            &b.rule_key,
        ))
    });
    crate::sort::sort_by(&mut skipped, |a, b| (a.category, &a.rule_key).cmp(&(b.category, &b.rule_key)));
    Ok(CheckResponse {
        judge: JudgeRef { slug: judge.slug.clone(), name: judge.name.clone() },
        summary: summarize(&results),
        meta: CheckMeta {
            checks_run: results.len() as u32,
            checks_skipped: skipped.len() as u32,
            skipped,
            profile_version: profile.profile_version.clone(),
            coverage_note: coverage_note(judge, &coverage),
            coverage,
        },
        results,
    })
}

/// The summary exactly as the spec derives it: any FAIL makes the filing
/// NON_COMPLIANT; otherwise any ACTION_REQUIRED makes it REVIEW; otherwise COMPLIANT.
pub fn summarize(results: &[CheckResult]) -> Summary {
    let count = |keep: &dyn Fn(&CheckResult) -> bool| results.iter().filter(|result| keep(result)).count() as u32;
    let failures = count(&|r| r.status == ResultStatus::Fail);
    let warnings = count(&|r| r.status == ResultStatus::Fail && r.severity == Severity::Warning);
    let passes = count(&|r| r.status == ResultStatus::Pass);
    let action_items = count(&|r| r.status == ResultStatus::ActionRequired);
    let status = if failures > 0 {
        ComplianceStatus::NonCompliant
    } else if action_items > 0 {
        ComplianceStatus::Review
    } else {
        ComplianceStatus::Compliant
    };
    Summary { status, failures, warnings, passes, action_items }
}
