//! Layer resolution: national → local → standing order, each later layer adding to and
//! overriding the one before.
//!
//! A later-layer rule overrides an earlier-layer rule when both have the same
//! `rule_key`, or when both are of a singular kind (page limit, word limit) with the
//! same `applies_to`. Then, for one concrete filing, rules of a singular kind from
//! different layers may still both apply (their scopes differ but overlap); there only
//! the latest layer's rules count, so a judge's page limit beats the district default;
//! and within that layer, once the filing's motion is named, a limit for some motions
//! beats one for every motion.

use crate::coverage::{coverage, coverage_note};
use crate::error::EngineError;
use crate::model::{
    AppliesTo, COURT_JUDGE_SLUG, Category, CheckRequest, JudgeProfile, JudgeRef, Layer, LayeredRule, LayeredRules,
    OverriddenRule, Profile, Rule, RuleGroups, RuleKind, RulesFilter, RulesMeta, StandingOrderRule,
};
use std::sync::LazyLock;

/// A rule that survived resolution, with the layer it came from.
#[derive(Clone, Copy, Debug)]
pub struct EffectiveRule<'p> {
    pub layer: Layer,
    pub rule: &'p Rule,
    /// The earlier-layer rule this one replaced, if any.
    pub overrides: Option<(Layer, &'p Rule)>,
}

/// The stand-in for "whichever judge is assigned" (`COURT_JUDGE_SLUG`): no standing
/// order, so only the national and local layers apply.
static ANY_JUDGE: LazyLock<JudgeProfile> = LazyLock::new(|| JudgeProfile {
    slug: COURT_JUDGE_SLUG.to_owned(),
    name: "Any judge of the court (court-wide rules only)".to_owned(),
    judge_type: None,
    sample: false,
    profile_url: None,
    standing_order: None,
});

/// The judge with this slug, or the error the caller reports. `COURT_JUDGE_SLUG` names
/// the court-wide rules of any district.
pub fn find_judge<'p>(profile: &'p Profile, judge_slug: &str) -> Result<&'p JudgeProfile, EngineError> {
    if judge_slug == COURT_JUDGE_SLUG {
        return Ok(&ANY_JUDGE);
    }
    profile.judges.iter().find(|judge| judge.slug == judge_slug).ok_or_else(|| EngineError::JudgeNotFound {
        district_id: profile.district.district_id.clone(),
        judge_slug: judge_slug.to_owned(),
    })
}

/// The effective rules for one judge, in layer order and, within a layer, in the
/// profile's order. This is the one place layers are combined.
pub fn resolve_layers<'p>(profile: &'p Profile, judge: &'p JudgeProfile) -> Vec<EffectiveRule<'p>> {
    let standing_order: &[Rule] = judge.standing_order.as_ref().map_or(&[], |order| &order.rules);
    let layers = [
        (Layer::Frcp, profile.national.rules.as_slice()),
        (Layer::LocalRules, profile.local.rules.as_slice()),
        (Layer::StandingOrder, standing_order),
    ];
    let mut effective: Vec<EffectiveRule<'p>> = Vec::new();
    for (layer, rules) in layers {
        let earlier = effective.len();
        let mut replaced = vec![false; earlier];
        for rule in rules {
            let mut overrides = None;
            for (index, previous) in effective[..earlier].iter().enumerate() {
                if replaces(rule, previous.rule) {
                    replaced[index] = true;
                    overrides = overrides.or(Some((previous.layer, previous.rule)));
                }
            }
            effective.push(EffectiveRule { layer, rule, overrides });
        }
        let mut index = 0;
        effective.retain(|_| {
            index += 1;
            index > earlier || !replaced[index - 1]
        });
    }
    effective
}

/// The rules that apply to this filing, after resolution and singular-kind precedence.
/// A request without `motion_type` gets the rules for its kind of paper whatever their
/// motions (`check` lists those as needing it): which of a district's brief page limits
/// applies can turn on the motion, and none may be passed over in silence.
pub fn applicable_rules<'p>(
    profile: &'p Profile,
    judge: &'p JudgeProfile,
    request: &CheckRequest,
) -> Vec<EffectiveRule<'p>> {
    let mut rules: Vec<EffectiveRule<'p>> = resolve_layers(profile, judge)
        .into_iter()
        .filter(|effective| effective.rule.applies_to.as_ref().is_none_or(|applies| matches_request(applies, request)))
        .collect();
    for &kind in RuleKind::ALL.iter().filter(|kind| kind.is_singular()) {
        let latest = rules.iter().filter(|e| singular_kind(e.rule) == Some(kind)).map(|e| e.layer).max();
        if let Some(latest) = latest {
            rules.retain(|e| e.layer == latest || singular_kind(e.rule) != Some(kind));
        }
        // Within that layer the specific governs the general. Once the request names its
        // motion, a limit for some motions (every rule here matched the request, so for
        // this one) displaces those for every motion ("memoranda 25 pages; on summary
        // judgment 35"); without one, the limits for every motion are checked and those for
        // some motions await `motion_type`. Then, of the limits compared, the one naming
        // the fewest papers governs ("letters 3 pages; discovery letters 5"). One rank
        // orders both (`usize::MAX` for the limits not weighed): "for every motion" in
        // the high half, the number of papers named in the low half.
        const FOR_EVERY_MOTION: usize = 1 << 16;
        const NO_PAPERS: usize = FOR_EVERY_MOTION - 1;
        let rank = |e: &EffectiveRule| {
            let (general, papers) = match &e.rule.applies_to {
                Some(a) => (a.motion_types.is_none(), a.document_scopes.as_ref().map_or(NO_PAPERS, Vec::len)),
                None => (true, NO_PAPERS),
            };
            if singular_kind(e.rule) != Some(kind) || !(general || request.motion_type.is_some()) {
                return usize::MAX;
            }
            usize::from(general) * FOR_EVERY_MOTION + papers
        };
        if let Some(first) = rules.iter().map(rank).min() {
            // A limit naming no papers is not weighed against papers (its conditions, a
            // pro se filer or a handwritten paper, are what make it specific).
            rules.retain(|e| {
                let rank = rank(e);
                rank == usize::MAX || rank == first || rank == first | NO_PAPERS
            });
        }
    }
    rules
}

/// Whether `later` replaces `earlier` (see the module comment).
fn replaces(later: &Rule, earlier: &Rule) -> bool {
    if later.rule_key == earlier.rule_key {
        return true;
    }
    // Compare the cheap fields first: this runs for every pair of rules across layers.
    later.category == earlier.category
        && later.applies_to == earlier.applies_to
        && singular_kind(later).is_some()
        && singular_kind(later) == singular_kind(earlier)
}

/// The rule's kind if it is a singular one. The category test comes first because it
/// is cheaper than reading the kind out of the key.
fn singular_kind(rule: &Rule) -> Option<RuleKind> {
    if !matches!(rule.category, Category::PageLimit | Category::WordLimit) {
        return None;
    }
    rule.kind().filter(|kind| kind.is_singular())
}

/// Whether a rule limited by `applies_to` applies to this filing. Without `motion_type`,
/// a rule for some motions applies if it is for this kind of paper: a rule for some
/// motions whatever the paper (a 56.1 statement) does not, as the paper may be a letter.
pub fn matches_request(applies: &AppliesTo, request: &CheckRequest) -> bool {
    let scope_ok = applies.document_scopes.as_ref().is_none_or(|scopes| scopes.contains(&request.document_scope));
    let motion_ok = applies.motion_types.as_ref().is_none_or(|motions| {
        request.motion_type.map_or(applies.document_scopes.is_some(), |motion| motions.contains(&motion))
    });
    let role_ok = applies.filing_roles.as_ref().is_none_or(|roles| roles.contains(&request.filing_role));
    let filer_ok = applies.filer_pro_se.is_none_or(|wanted| wanted == request.is_pro_se);
    let opponent_ok = applies.opposing_party_pro_se.is_none_or(|wanted| wanted == request.opposing_party_pro_se);
    let by_hand = request.document.handwritten_or_typewritten;
    let pro_se_hand_ok = applies.pro_se_handwritten.is_none_or(|wanted| wanted == (request.is_pro_se && by_hand));
    let hand_ok = applies.handwritten_or_typewritten.is_none_or(|wanted| wanted == by_hand);
    scope_ok
        && motion_ok
        && role_ok
        && filer_ok
        && opponent_ok
        && pro_se_hand_ok
        && hand_ok
        && !excepted_claims(applies, request)
}

/// Whether the rule's `except_claims_under` takes this filing out: every claim it
/// addresses is brought under an excepted statute.
fn excepted_claims(applies: &AppliesTo, request: &CheckRequest) -> bool {
    match (&applies.except_claims_under, &request.claims_under) {
        (Some(excepted), Some(claims)) => !claims.is_empty() && claims.iter().all(|claim| excepted.contains(claim)),
        _ => false,
    }
}

/// Whether a rule belongs in a rules view narrowed by `filter`: a rule is left out only
/// when it is limited to other scopes (or other motion types) than the one asked for.
pub fn matches_filter(applies: Option<&AppliesTo>, filter: &RulesFilter) -> bool {
    let Some(applies) = applies else { return true };
    let scope_ok = match (filter.document_scope, &applies.document_scopes) {
        (Some(scope), Some(scopes)) => scopes.contains(&scope),
        _ => true,
    };
    let motion_ok = match (filter.motion_type, &applies.motion_types) {
        (Some(motion), Some(motions)) => motions.contains(&motion),
        _ => true,
    };
    scope_ok && motion_ok
}

/// The `/rules` view for one judge, computed from `resolve_layers`.
pub fn resolve_rules(profile: &Profile, judge_slug: &str, filter: &RulesFilter) -> Result<LayeredRules, EngineError> {
    let judge = find_judge(profile, judge_slug)?;
    let mut groups = RuleGroups { frcp: Vec::new(), local_rules: Vec::new(), standing_order: Vec::new() };
    for effective in resolve_layers(profile, judge) {
        let rule = effective.rule;
        if !matches_filter(rule.applies_to.as_ref(), filter) {
            continue;
        }
        let applies_to = rule.applies_to.as_ref().map(applies_to_labels);
        match effective.layer {
            Layer::Frcp | Layer::LocalRules => {
                let entry = LayeredRule {
                    rule_key: rule.rule_key.clone(),
                    citation: rule.citation.clone(),
                    label: rule.label.clone(),
                    summary: rule.summary.clone(),
                    severity: rule.severity,
                    applies_to,
                    category: rule.category,
                };
                if effective.layer == Layer::Frcp {
                    groups.frcp.push(entry);
                } else {
                    groups.local_rules.push(entry);
                }
            }
            Layer::StandingOrder => groups.standing_order.push(StandingOrderRule {
                category: rule.category,
                summary: rule.summary.clone(),
                source: rule.citation.clone(),
                rule_key: rule.rule_key.clone(),
                severity: rule.severity,
                applies_to,
                overrides: effective.overrides.map(|(layer, overridden)| OverriddenRule {
                    rule_key: overridden.rule_key.clone(),
                    citation: overridden.citation.clone(),
                    layer,
                }),
            }),
        }
    }
    let total = groups.frcp.len() + groups.local_rules.len() + groups.standing_order.len();
    let coverage = coverage(profile, judge);
    Ok(LayeredRules {
        judge: JudgeRef { slug: judge.slug.clone(), name: judge.name.clone() },
        rules: groups,
        meta: RulesMeta {
            total_rules: total as u32,
            profile_version: profile.profile_version.clone(),
            coverage_note: coverage_note(judge, &coverage),
            coverage,
        },
    })
}

/// `applies_to` as the flat list of strings the rules view shows: scopes, motion types,
/// filing roles, then the pro se conditions.
pub fn applies_to_labels(applies: &AppliesTo) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    labels.extend(applies.document_scopes.iter().flatten().map(|scope| scope.as_str().to_owned()));
    labels.extend(applies.motion_types.iter().flatten().map(|motion| motion.as_str().to_owned()));
    labels.extend(applies.filing_roles.iter().flatten().map(|role| role.as_str().to_owned()));
    if let Some(pro_se) = applies.filer_pro_se {
        labels.push(if pro_se { "filer_pro_se" } else { "filer_represented" }.to_owned());
    }
    if let Some(pro_se) = applies.opposing_party_pro_se {
        labels.push(if pro_se { "opposing_party_pro_se" } else { "opposing_party_represented" }.to_owned());
    }
    if let Some(by_hand) = applies.pro_se_handwritten {
        labels.push(
            if by_hand { "pro_se_handwritten_or_typewritten" } else { "attorney_or_computer_prepared" }.to_owned(),
        );
    }
    if let Some(by_hand) = applies.handwritten_or_typewritten {
        labels.push(if by_hand { "handwritten_or_typewritten" } else { "computer_prepared" }.to_owned());
    }
    labels.extend(applies.except_claims_under.iter().flatten().map(|claim| format!("except_claims_under_{claim}")));
    labels
}
