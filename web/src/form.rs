//! The filing form: what the user typed, and the check request it stands for.
//!
//! The form holds text as typed and turns it into request JSON without judging it:
//! deciding what is valid is the engine's job (`ffi::validate_json`), so the browser
//! shows the same problems, in the same words, as the server's 400 body. Field names,
//! flags and allowed values all come from the engine's model.

use courtrules_engine::checks::{Thousands, needs_of};
use courtrules_engine::model::{
    COURT_JUDGE_SLUG, Caption, CheckRequest, Document, DocumentScope, FilingRole, MotionType, Privacy, Profile,
    RuleKind, Sections, SignatureBlock,
};
use courtrules_engine::resolve::{applicable_rules, find_judge};
use serde_json::{Map, Value};

/// An optional sub-object of `document` made of boolean flags.
#[derive(Clone, Debug, PartialEq)]
pub struct FlagGroup {
    /// Whether the sub-object is described at all (absent → its checks are skipped).
    pub included: bool,
    /// `(flag name, value)` in the engine's order.
    pub flags: Vec<(&'static str, bool)>,
}

impl FlagGroup {
    fn new(names: &'static [&'static str]) -> Self {
        FlagGroup { included: false, flags: names.iter().map(|name| (*name, false)).collect() }
    }

    pub fn get(&self, name: &str) -> bool {
        self.flags.iter().any(|(flag, value)| *flag == name && *value)
    }

    pub fn set(&mut self, name: &str, value: bool) {
        if let Some(entry) = self.flags.iter_mut().find(|(flag, _)| *flag == name) {
            entry.1 = value;
        }
    }

    fn to_json(&self) -> Value {
        Value::Object(self.flags.iter().map(|(name, value)| (name.to_string(), Value::Bool(*value))).collect())
    }
}

/// `document.format`: numbers as typed, and the line spacing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormatFields {
    pub included: bool,
    pub primary_font_size_pt: String,
    pub footnote_font_size_pt: String,
    pub margin_inches: String,
    /// Empty when not given.
    pub line_spacing: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FilingForm {
    pub district_id: String,
    pub judge_slug: String,
    pub document_scope: String,
    /// Empty when the paper belongs to no motion.
    pub motion_type: String,
    pub filing_role: String,
    pub is_pro_se: bool,
    pub pmc_completed: bool,
    pub opposing_party_pro_se: bool,
    /// `document.handwritten_or_typewritten`: the paper was not prepared with a computer.
    /// The filer's to say, like the toggles above: no PDF reading sets or clears it.
    pub handwritten_or_typewritten: bool,
    pub page_count: String,
    pub word_count: String,
    pub caption: FlagGroup,
    pub signature_block: FlagGroup,
    pub sections: FlagGroup,
    /// `document.sections.certificate_word_count`, as typed (empty: not given).
    pub certificate_word_count: String,
    pub format: FormatFields,
    pub privacy: FlagGroup,
}

impl Default for FilingForm {
    fn default() -> Self {
        FilingForm {
            district_id: String::new(),
            judge_slug: String::new(),
            document_scope: DocumentScope::BriefSupport.as_str().into(),
            motion_type: String::new(),
            filing_role: FilingRole::Movant.as_str().into(),
            is_pro_se: false,
            pmc_completed: false,
            opposing_party_pro_se: false,
            handwritten_or_typewritten: false,
            page_count: String::new(),
            word_count: String::new(),
            caption: FlagGroup::new(Caption::FLAGS),
            signature_block: FlagGroup::new(SignatureBlock::FLAGS),
            sections: FlagGroup::new(Sections::FLAGS),
            certificate_word_count: String::new(),
            format: FormatFields::default(),
            privacy: FlagGroup::new(Privacy::FLAGS),
        }
    }
}

impl FilingForm {
    /// The check request this form describes, valid or not.
    pub fn to_request(&self) -> Value {
        self.to_request_given(WordCountUse::Read)
    }

    /// The check request, where `words` says whether the rules that apply read the word
    /// count ([`word_count_use`]). The engine requires the field; when none of those
    /// rules reads it and it is left empty, it is sent as 0, which changes no result —
    /// so the form does not hold back the verdict for a count nothing reads.
    pub fn to_request_given(&self, words: WordCountUse) -> Value {
        let mut document = Map::new();
        put_number(&mut document, "page_count", &self.page_count);
        put_number(&mut document, "word_count", &self.word_count);
        if words != WordCountUse::Read && self.word_count.trim().is_empty() {
            document.insert("word_count".into(), Value::from(0));
        }
        // Sent only when true: false is the engine's default, and requests stay as they were.
        if self.handwritten_or_typewritten {
            document.insert("handwritten_or_typewritten".into(), Value::Bool(true));
        }
        if self.caption.included {
            document.insert("caption".into(), self.caption.to_json());
        }
        if self.signature_block.included {
            document.insert("signature_block".into(), self.signature_block.to_json());
        }
        if self.sections.included {
            let mut sections = self.sections.to_json();
            if let Value::Object(sections) = &mut sections {
                put_number(sections, "certificate_word_count", &self.certificate_word_count);
            }
            document.insert("sections".into(), sections);
        }
        if self.format.included {
            let mut format = Map::new();
            put_number(&mut format, "primary_font_size_pt", &self.format.primary_font_size_pt);
            put_number(&mut format, "footnote_font_size_pt", &self.format.footnote_font_size_pt);
            put_number(&mut format, "margin_inches", &self.format.margin_inches);
            if !self.format.line_spacing.is_empty() {
                format.insert("line_spacing".into(), self.format.line_spacing.clone().into());
            }
            document.insert("format".into(), Value::Object(format));
        }
        if self.privacy.included {
            document.insert("privacy".into(), self.privacy.to_json());
        }

        let mut request = Map::new();
        request.insert("judge_slug".into(), self.judge_slug.clone().into());
        request.insert("district_id".into(), self.district_id.clone().into());
        request.insert("document_scope".into(), self.document_scope.clone().into());
        if !self.motion_type.is_empty() {
            request.insert("motion_type".into(), self.motion_type.clone().into());
        }
        request.insert("is_pro_se".into(), self.is_pro_se.into());
        request.insert("pmc_completed".into(), self.pmc_completed.into());
        request.insert("opposing_party_pro_se".into(), self.opposing_party_pro_se.into());
        request.insert("filing_role".into(), self.filing_role.clone().into());
        request.insert("document".into(), Value::Object(document));
        Value::Object(request)
    }

    /// Fills the form from a PDF's reading: a (partial) check request, e.g. the
    /// `check_request` or the `document` part a PDF analysis produced.
    ///
    /// A new PDF describes only itself, so the paper's description (`document`: counts,
    /// caption, signature block, sections and the certificate's count, format, personal
    /// data) is replaced as a whole: what the reading does not supply is cleared, never
    /// left over from an earlier PDF. The filing's own fields (court, judge, document,
    /// motion, filing role, the three toggles) are set only where the reading supplies
    /// them: a reading may not name them (an unrecognised paper names no type, many
    /// papers no motion, and none says who is pro se), and they are the user's to choose.
    pub fn fill_from(&mut self, request: &Value) {
        let text = |value: &Value| value.as_str().map(str::to_owned);
        let number = |value: &Value| {
            value.as_f64().map(|n| if n.fract() == 0.0 { (n as i64).to_string() } else { n.to_string() })
        };
        if let Some(value) = request.get("document_scope").and_then(text) {
            self.document_scope = value;
        }
        if let Some(value) = request.get("motion_type").and_then(text) {
            self.motion_type = value;
        }
        for (name, field) in [
            ("is_pro_se", &mut self.is_pro_se),
            ("pmc_completed", &mut self.pmc_completed),
            ("opposing_party_pro_se", &mut self.opposing_party_pro_se),
        ] {
            if let Some(value) = request.get(name).and_then(Value::as_bool) {
                *field = value;
            }
        }
        if let Some(value) = request.get("filing_role").and_then(text) {
            self.filing_role = value;
        }
        let Some(document) = request.get("document").or(Some(request)).filter(|d| d.get("page_count").is_some()) else {
            return;
        };
        // How the paper was made is kept unless the reading says (a PDF's text does not
        // tell a typed page from a typewritten one).
        if let Some(value) = document.get("handwritten_or_typewritten").and_then(Value::as_bool) {
            self.handwritten_or_typewritten = value;
        }
        self.clear_document();
        if let Some(value) = document.get("page_count").and_then(number) {
            self.page_count = value;
        }
        if let Some(value) = document.get("word_count").and_then(number) {
            self.word_count = value;
        }
        for (name, group) in [
            ("caption", &mut self.caption),
            ("signature_block", &mut self.signature_block),
            ("sections", &mut self.sections),
            ("privacy", &mut self.privacy),
        ] {
            if let Some(Value::Object(flags)) = document.get(name) {
                group.included = true;
                for (flag, value) in flags {
                    if let Some(value) = value.as_bool() {
                        group.set(flag, value);
                    }
                }
            }
        }
        if let Some(value) = document.pointer("/sections/certificate_word_count").and_then(number) {
            self.certificate_word_count = value;
        }
        if let Some(Value::Object(format)) = document.get("format") {
            self.format.included = true;
            let fields = [
                ("primary_font_size_pt", &mut self.format.primary_font_size_pt),
                ("footnote_font_size_pt", &mut self.format.footnote_font_size_pt),
                ("margin_inches", &mut self.format.margin_inches),
            ];
            for (name, field) in fields {
                if let Some(value) = format.get(name).and_then(number) {
                    *field = value;
                }
            }
            if let Some(value) = format.get("line_spacing").and_then(text) {
                self.format.line_spacing = value;
            }
        }
    }

    /// Switches the description of the paper's sections on or off. Switched on with no
    /// box ticked, the box of the paper being checked starts ticked — a memorandum is
    /// its own memorandum of law, a Rule 56.1 statement its own statement — so that
    /// describing the sections does not first say the paper lacks itself.
    pub fn describe_sections(&mut self, on: bool) {
        self.sections.included = on;
        if !on || self.sections.flags.iter().any(|(_, value)| *value) {
            return;
        }
        let own = match self.document_scope.as_str() {
            "brief_support"
            | "brief_opposition"
            | "brief_reply"
            | "reconsideration_support"
            | "reconsideration_reply" => "has_memorandum_of_law",
            "rule_56_1_statement" if self.filing_role == FilingRole::Opponent.as_str() => "has_56_1_counterstatement",
            "rule_56_1_statement" => "has_56_1_statement",
            _ => return,
        };
        self.sections.set(own, true);
    }

    /// Forgets the paper's description (`document`), keeping the filing's own fields.
    pub fn clear_document(&mut self) {
        let empty = FilingForm::default();
        self.page_count = empty.page_count;
        self.word_count = empty.word_count;
        self.caption = empty.caption;
        self.signature_block = empty.signature_block;
        self.sections = empty.sections;
        self.certificate_word_count = empty.certificate_word_count;
        self.format = empty.format;
        self.privacy = empty.privacy;
    }
}

impl FilingForm {
    /// The whole form as typed, to keep in the tab's session storage (a reload or Back
    /// then finds the filing as it was left): every field, numbers as typed.
    pub fn to_saved(&self) -> Value {
        let group = |g: &FlagGroup| serde_json::json!({"included": g.included, "flags": g.to_json()});
        serde_json::json!({
            "district_id": self.district_id, "judge_slug": self.judge_slug,
            "document_scope": self.document_scope, "motion_type": self.motion_type, "filing_role": self.filing_role,
            "is_pro_se": self.is_pro_se, "pmc_completed": self.pmc_completed,
            "opposing_party_pro_se": self.opposing_party_pro_se,
            "handwritten_or_typewritten": self.handwritten_or_typewritten,
            "page_count": self.page_count, "word_count": self.word_count,
            "caption": group(&self.caption), "signature_block": group(&self.signature_block),
            "sections": group(&self.sections), "privacy": group(&self.privacy),
            "certificate_word_count": self.certificate_word_count,
            "format": {
                "included": self.format.included,
                "primary_font_size_pt": self.format.primary_font_size_pt,
                "footnote_font_size_pt": self.format.footnote_font_size_pt,
                "margin_inches": self.format.margin_inches,
                "line_spacing": self.format.line_spacing,
            },
        })
    }

    /// The form [`FilingForm::to_saved`] kept; what it lacks (an older page's copy) is
    /// the default, and a flag the engine no longer has is dropped.
    pub fn from_saved(saved: &Value) -> FilingForm {
        let mut form = FilingForm::default();
        let text = |value: &Value, field: &mut String| {
            if let Some(value) = value.as_str() {
                *field = value.to_owned();
            }
        };
        let flag = |value: &Value, field: &mut bool| {
            if let Some(value) = value.as_bool() {
                *field = value;
            }
        };
        text(&saved["district_id"], &mut form.district_id);
        text(&saved["judge_slug"], &mut form.judge_slug);
        text(&saved["document_scope"], &mut form.document_scope);
        text(&saved["motion_type"], &mut form.motion_type);
        text(&saved["filing_role"], &mut form.filing_role);
        flag(&saved["is_pro_se"], &mut form.is_pro_se);
        flag(&saved["pmc_completed"], &mut form.pmc_completed);
        flag(&saved["opposing_party_pro_se"], &mut form.opposing_party_pro_se);
        flag(&saved["handwritten_or_typewritten"], &mut form.handwritten_or_typewritten);
        text(&saved["page_count"], &mut form.page_count);
        text(&saved["word_count"], &mut form.word_count);
        text(&saved["certificate_word_count"], &mut form.certificate_word_count);
        for (name, group) in [
            ("caption", &mut form.caption),
            ("signature_block", &mut form.signature_block),
            ("sections", &mut form.sections),
            ("privacy", &mut form.privacy),
        ] {
            flag(&saved[name]["included"], &mut group.included);
            if let Some(flags) = saved[name]["flags"].as_object() {
                for (name, value) in flags {
                    if let Some(value) = value.as_bool() {
                        group.set(name, value);
                    }
                }
            }
        }
        let format = &saved["format"];
        flag(&format["included"], &mut form.format.included);
        text(&format["primary_font_size_pt"], &mut form.format.primary_font_size_pt);
        text(&format["footnote_font_size_pt"], &mut form.format.footnote_font_size_pt);
        text(&format["margin_inches"], &mut form.format.margin_inches);
        text(&format["line_spacing"], &mut form.format.line_spacing);
        form
    }
}

/// Whether the court's rules (the profile's layers, any judge's order) turn on how a
/// paper was made whoever files it (`applies_to.handwritten_or_typewritten`: W.D. Mich.'s
/// limits, say), so the form asks it even when the filer is represented. A pro se
/// filer is always asked (`pro_se_handwritten`). Which rule applies is the engine's to
/// decide; this only chooses when to show the question.
pub fn asks_how_paper_was_made(profile: &Profile) -> bool {
    let orders = profile.judges.iter().filter_map(|judge| judge.standing_order.as_ref()).flat_map(|o| &o.rules);
    profile
        .national
        .rules
        .iter()
        .chain(&profile.local.rules)
        .chain(orders)
        .any(|rule| rule.applies_to.as_ref().is_some_and(|a| a.handwritten_or_typewritten.is_some()))
}

/// Whether the rules that apply to a filing read its word count (`document.word_count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordCountUse {
    /// A rule that applies reads it (a word limit, the certificate of compliance's count),
    /// or the page cannot tell (no rules loaded, a choice the engine does not know).
    Read,
    /// None does, so the field is not needed. `page_limit`: a page limit applies.
    Unread { page_limit: bool },
}

/// What of the form chooses which rules apply: the court, judge, paper, motion, role and
/// parties — not the counts, nor the paper's parts.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesChoice {
    pub district_id: String,
    pub judge_slug: String,
    pub document_scope: String,
    pub motion_type: String,
    pub filing_role: String,
    pub is_pro_se: bool,
    pub pmc_completed: bool,
    pub opposing_party_pro_se: bool,
    pub handwritten_or_typewritten: bool,
}

impl FilingForm {
    pub fn rules_choice(&self) -> RulesChoice {
        RulesChoice {
            district_id: self.district_id.clone(),
            judge_slug: self.judge_slug.clone(),
            document_scope: self.document_scope.clone(),
            motion_type: self.motion_type.clone(),
            filing_role: self.filing_role.clone(),
            is_pro_se: self.is_pro_se,
            pmc_completed: self.pmc_completed,
            opposing_party_pro_se: self.opposing_party_pro_se,
            handwritten_or_typewritten: self.handwritten_or_typewritten,
        }
    }
}

/// Whether any rule that applies to the filing the form describes reads the word count:
/// the engine's own choice of rules (`resolve::applicable_rules`, which the check runs,
/// for the form's court, judge, paper, motion, role and parties) and the engine's list of
/// the request fields each rule's check reads (`checks::needs_of`). The counts and the
/// paper's parts play no part in which rules apply, so they are left out. Without a motion,
/// the rules for some motions are counted (the check lists them as needing one).
pub fn word_count_use(profile: &Profile, form: &RulesChoice) -> WordCountUse {
    let motion = match form.motion_type.as_str() {
        "" => None,
        motion => match MotionType::parse(motion) {
            Some(motion) => Some(motion),
            None => return WordCountUse::Read,
        },
    };
    let (Some(scope), Some(role)) = (DocumentScope::parse(&form.document_scope), FilingRole::parse(&form.filing_role))
    else {
        return WordCountUse::Read;
    };
    // Right after the court changes, the profile in hand is still the previous court's.
    if form.district_id != profile.district.district_id {
        return WordCountUse::Read;
    }
    let Ok(judge) = find_judge(profile, &form.judge_slug) else { return WordCountUse::Read };
    let request = CheckRequest {
        judge_slug: form.judge_slug.clone(),
        district_id: form.district_id.clone(),
        document_scope: scope,
        motion_type: motion,
        is_pro_se: form.is_pro_se,
        pmc_completed: form.pmc_completed,
        opposing_party_pro_se: form.opposing_party_pro_se,
        filing_role: role,
        claims_under: None,
        document: Document {
            page_count: 1,
            word_count: 0,
            handwritten_or_typewritten: form.handwritten_or_typewritten,
            caption: None,
            signature_block: None,
            sections: None,
            format: None,
            privacy: None,
        },
    };
    let rules = applicable_rules(profile, judge, &request);
    if rules.iter().any(|effective| needs_of(effective.rule).contains(&"document.word_count")) {
        return WordCountUse::Read;
    }
    WordCountUse::Unread {
        page_limit: rules.iter().any(|effective| effective.rule.kind() == Some(RuleKind::PageLimit)),
    }
}

/// What the word count field says when no rule that applies reads it (`None` when one does).
pub fn word_count_note(words: WordCountUse, judge_slug: &str) -> Option<String> {
    let WordCountUse::Unread { page_limit } = words else { return None };
    let whose = if judge_slug == COURT_JUDGE_SLUG { "this court's rules" } else { "the court's or the judge's rules" };
    let pages = if page_limit { "; they limit its length by pages" } else { "" };
    Some(format!("Not needed: none of {whose} for this filing counts words{pages}. You may still enter it."))
}

/// The filing role a kind of paper is filed in, as the engine's `FilingRole` defines the
/// roles: a memorandum in support is the moving party's own paper, an opposition the
/// opponent's, a reply the moving party's reply. `None` for papers any side may file.
/// Every kind is listed, so a new one must be placed here.
pub fn role_of(scope: DocumentScope) -> Option<FilingRole> {
    match scope {
        DocumentScope::BriefSupport | DocumentScope::ReconsiderationSupport => Some(FilingRole::Movant),
        DocumentScope::BriefOpposition => Some(FilingRole::Opponent),
        DocumentScope::BriefReply | DocumentScope::ReconsiderationReply => Some(FilingRole::Reply),
        DocumentScope::Letter
        | DocumentScope::DiscoveryLetter
        | DocumentScope::ProposedFindings
        | DocumentScope::Affidavit
        | DocumentScope::SettlementStatement
        | DocumentScope::ObjectionResponse
        | DocumentScope::Rule561Statement => None,
    }
}

/// A paper filed in another role than its kind's: a reply memorandum as the moving party.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleMismatch {
    pub scope: DocumentScope,
    pub chosen: FilingRole,
    /// The paper's own role ([`role_of`]).
    pub expected: FilingRole,
}

impl FilingForm {
    /// The paper's kind and the filing role chosen, when they disagree.
    pub fn role_mismatch(&self) -> Option<RoleMismatch> {
        let scope = DocumentScope::parse(&self.document_scope)?;
        let chosen = FilingRole::parse(&self.filing_role)?;
        let expected = role_of(scope)?;
        (chosen != expected).then_some(RoleMismatch { scope, chosen, expected })
    }
}

/// What a paper of each role is, and the papers whose rules that role is checked by.
fn role_in_words(role: FilingRole) -> (&'static str, &'static str) {
    match role {
        FilingRole::Movant => ("the moving party's own paper", "a moving party's own papers"),
        FilingRole::Opponent => ("a paper opposing the motion", "papers opposing a motion"),
        FilingRole::Reply => ("the moving party's reply", "replies"),
    }
}

impl RoleMismatch {
    /// "A reply memorandum is the moving party's reply: its filing role is Reply, not
    /// Moving party. As chosen, it is checked by the rules for a moving party's own
    /// papers, not by those for replies."
    pub fn in_words(&self) -> String {
        let paper = lower_first(&value_label(self.scope.as_str()));
        let article = if paper.starts_with(['a', 'e', 'i', 'o', 'u']) { "An" } else { "A" };
        let (is, _) = role_in_words(self.expected);
        let (_, checked_as) = role_in_words(self.chosen);
        let (_, should_be) = role_in_words(self.expected);
        format!(
            "{article} {paper} is {is}: its filing role is {}, not {}. As chosen, it is checked by the rules for {checked_as}, not by those for {should_be}.",
            value_label(self.expected.as_str()),
            value_label(self.chosen.as_str()),
        )
    }

    /// The button that makes the role the paper's own.
    pub fn fix_label(&self) -> String {
        format!("Make the filing role {}", value_label(self.expected.as_str()))
    }
}

/// Puts a number field as typed: left out when empty (the engine then says what is
/// required), a JSON number when it reads as one, and otherwise the text itself, so the
/// engine names the field and what is wrong with it.
///
/// A number reads as one written in plain digits, with a decimal point or not, and
/// whole numbers with thousands separators as the results print them ("8,100", also
/// "8 100" with a space, a no-break or a thin space). An exponent ("1e3"), "inf" or
/// "NaN" is not how a lawyer writes a count: it is left as text, for the engine to refuse.
fn put_number(object: &mut Map<String, Value>, name: &str, typed: &str) {
    let typed = typed.trim();
    if typed.is_empty() {
        return;
    }
    let value = match plain_number(typed) {
        Some(n) if n.is_finite() && n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 => Value::from(n as i64),
        Some(n) if n.is_finite() => Value::from(n),
        _ => Value::String(typed.to_owned()),
    };
    object.insert(name.into(), value);
}

/// The number `typed` stands for when written as [`put_number`] takes it.
fn plain_number(typed: &str) -> Option<f64> {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let unsigned = typed.strip_prefix('-').unwrap_or(typed);
    let plain = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole.is_empty() || digits(whole)) && digits(fraction),
        None => digits(unsigned),
    };
    if plain {
        return typed.parse().ok();
    }
    // Thousands separators: one kind throughout, groups of three after the first.
    let separator = unsigned.chars().find(|c| !c.is_ascii_digit())?;
    if ![',', ' ', '\u{a0}', '\u{2009}', '\u{202f}'].contains(&separator) {
        return None;
    }
    let groups: Vec<&str> = unsigned.split(separator).collect();
    let grouped = groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && groups.iter().all(|group| digits(group))
        && groups[1..].iter().all(|group| group.len() == 3);
    if !grouped {
        return None;
    }
    let joined: String = groups.concat();
    let n: f64 = joined.parse().ok()?;
    Some(if unsigned.len() == typed.len() { n } else { -n })
}

/// A readable label for a value or flag name of the engine's vocabulary.
pub fn label(name: &str) -> String {
    let words = name
        .trim_start_matches("has_")
        .trim_start_matches("contains_")
        .trim_start_matches("is_")
        .replace("56_1", "56.1")
        .replace('_', " ");
    let words = words
        .split(' ')
        .map(|word| match word {
            "toc" => "table of contents",
            "toa" => "table of authorities",
            "dob" => "date of birth",
            "ssn" => "Social Security number",
            "sj" => "summary judgment",
            "pmc" => "pre-motion conference",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What a lawyer calls an allowed value (a document, a motion, a rule layer), where the
/// plain reading of the engine's name would not do ("brief_support" is a memorandum in
/// support; "frcp" is the FRCP).
pub fn value_label(value: &str) -> String {
    let known = match value {
        "brief_support" => "Memorandum in support",
        "brief_opposition" => "Memorandum in opposition",
        "brief_reply" => "Reply memorandum",
        "reconsideration_support" => "Memorandum supporting reconsideration",
        "reconsideration_reply" => "Reply on reconsideration",
        "discovery_letter" => "Discovery letter",
        "rule_56_1_statement" => "Rule 56.1 statement",
        "objection_response" => "Response to objections",
        "Rule_12" => "Rule 12 (dismiss)",
        "Rule_56" => "Rule 56 (summary judgment)",
        "Rule_50" => "Rule 50 (judgment as a matter of law)",
        "Rule_59" => "Rule 59 (new trial)",
        "Rule_60" => "Rule 60 (relief from judgment)",
        "TRO" => "Temporary restraining order",
        "Daubert" => "Daubert (expert testimony)",
        "frcp" => "FRCP",
        "local_rules" => "Local rules",
        "standing_order" => "Standing order",
        "movant" => "Moving party",
        _ => return label(value),
    };
    known.to_owned()
}

/// What the form calls the field at a request path ("Page count" for
/// `document.page_count`): the words a problem or a skipped check is told in.
pub fn path_label(path: &str) -> String {
    let known = match path {
        "" => "The description",
        "judge_slug" => "Judge",
        "district_id" => "Court",
        "document_scope" => "Document",
        "motion_type" => "Motion",
        "filing_role" => "Filing role",
        "pmc_completed" => "Whether a pre-motion conference was held",
        "document.page_count" => "Page count",
        "document.word_count" => "Word count",
        "document.handwritten_or_typewritten" => "Whether the paper is handwritten or typewritten",
        "document.caption" => "The caption",
        "document.signature_block" => "The signature block",
        "document.sections" => "The paper's sections",
        "document.privacy" => "The personal data in the paper",
        "document.format" => "The format",
        "document.sections.certificate_word_count" => "Words stated in the certificate of compliance",
        "document.format.primary_font_size_pt" => "Body font size",
        "document.format.footnote_font_size_pt" => "Footnote font size",
        "document.format.margin_inches" => "Smallest margin",
        "document.format.line_spacing" => "Line spacing",
        other => return label(other.rsplit('.').next().unwrap_or(other)),
    };
    known.to_owned()
}

/// "Needs the words stated in the certificate of compliance": why a check could not run.
pub fn needs_in_words(path: &str) -> String {
    let what = path_label(path);
    if what.starts_with("Whether") {
        return format!("Needs to know {}", lower_first(&what));
    }
    let what = what.strip_prefix("The ").map_or_else(|| lower_first(&what), str::to_owned);
    format!("Needs the {what}")
}

/// A validation problem in the words of the field's own label, for a lawyer rather
/// than a developer ("Page count must be a whole number, like 25." for "must be an
/// integer, got a string").
pub fn plain_problem(path: &str, message: &str) -> String {
    let field = path_label(path);
    let number = |rest: &str| rest.split(',').next().unwrap_or(rest).trim().to_owned();
    if message == "is required" {
        return format!("Enter the {}.", lower_first(field.trim_start_matches("The ")));
    }
    if message.starts_with("must be an integer") {
        return format!("{field} must be a whole number, like 25.");
    }
    if message.starts_with("must be a number") || message.starts_with("must be greater than 0") {
        // An example of the field's own unit: margins are in inches, type sizes in points.
        let example = if path.ends_with("margin_inches") { "1" } else { "12" };
        return format!("{field} must be a number greater than 0, like {example}.");
    }
    if let Some(rest) = message.strip_prefix("must be at least ") {
        return format!("{field} must be at least {}.", number(rest));
    }
    if let Some(rest) = message.strip_prefix("must be at most ") {
        let most = number(rest);
        // The most a count can hold (4,294,967,295) is no rule's limit: the number is
        // simply too large.
        return match most.parse::<u64>() {
            Ok(n) if n >= 1_000_000 => format!("{field} is too large: enter the count itself, like 25."),
            Ok(n) => format!("{field} must be at most {}.", Thousands(n)),
            Err(_) => format!("{field} must be at most {most}."),
        };
    }
    format!("{field}: {message}")
}

/// The engine's coverage note as the results show it. A sample standing order's title
/// already ends "(sample data)", and the engine adds "(sample data: a fictional
/// order, …)" after it: said once. (The server's answer says it twice too; the
/// engine's `coverage_note` is where it should be said once.)
pub fn coverage_in_words(note: &str) -> String {
    note.replace(" (sample data) (sample data: ", " (sample data: ")
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The fields a PDF filled: those whose request value differs between two forms and is
/// there after, by their labels, in the form's order.
pub fn changed_fields(before: &FilingForm, after: &FilingForm) -> Vec<String> {
    differing_fields(before, after, |after| after.is_some())
}

/// The fields a PDF cleared: described before, not after (the new PDF does not describe
/// them), by their labels, in the form's order.
pub fn cleared_fields(before: &FilingForm, after: &FilingForm) -> Vec<String> {
    differing_fields(before, after, |after| after.is_none())
}

fn differing_fields(before: &FilingForm, after: &FilingForm, keep: fn(Option<&Value>) -> bool) -> Vec<String> {
    let (before, after) = (before.to_request(), after.to_request());
    let mut changed = Vec::new();
    for path in [
        "document_scope",
        "motion_type",
        "filing_role",
        "document.page_count",
        "document.word_count",
        "document.caption",
        "document.signature_block",
        "document.sections",
        "document.format",
        "document.privacy",
    ] {
        let pointer = format!("/{}", path.replace('.', "/"));
        if before.pointer(&pointer) != after.pointer(&pointer) && keep(after.pointer(&pointer)) {
            changed.push(path_label(path));
        }
    }
    changed
}

/// The DOM id of the input for a request path (`document.page_count` →
/// `field-document-page_count`), so validation errors land next to their field.
pub fn field_id(path: &str) -> String {
    format!("field-{}", path.replace('.', "-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtrules_engine::ffi;
    use serde_json::json;

    fn filled() -> FilingForm {
        FilingForm {
            district_id: "edny".into(),
            judge_slug: "avery-sample".into(),
            motion_type: "Rule_12".into(),
            page_count: "21".into(),
            word_count: "6000".into(),
            ..FilingForm::default()
        }
    }

    #[test]
    fn a_filled_form_is_a_valid_request() {
        let request = filled().to_request();
        assert_eq!(
            request,
            json!({
                "judge_slug": "avery-sample", "district_id": "edny", "document_scope": "brief_support",
                "motion_type": "Rule_12", "is_pro_se": false, "pmc_completed": false,
                "opposing_party_pro_se": false, "filing_role": "movant",
                "document": {"page_count": 21, "word_count": 6000}
            })
        );
        assert_eq!(ffi::validate_json(&serde_json::to_vec(&request).unwrap()), b"[]");
    }

    #[test]
    fn empty_and_unreadable_numbers_are_left_for_the_engine_to_name() {
        let form = FilingForm { page_count: "".into(), word_count: "lots".into(), ..filled() };
        let request = form.to_request();
        assert_eq!(request["document"], json!({"word_count": "lots"}));
        let problems: Vec<courtrules_engine::model::FieldError> =
            serde_json::from_slice(&ffi::validate_json(&serde_json::to_vec(&request).unwrap())).unwrap();
        let paths: Vec<_> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["document.page_count", "document.word_count"]);
    }

    #[test]
    fn fractions_stay_numbers() {
        let mut form = filled();
        form.format = FormatFields { included: true, margin_inches: "0.75".into(), ..FormatFields::default() };
        assert_eq!(form.to_request()["document"]["format"], json!({"margin_inches": 0.75}));
    }

    #[test]
    fn counts_take_thousands_separators_but_not_exponents() {
        let document = |typed: &str| {
            FilingForm { word_count: typed.into(), ..filled() }.to_request()["document"]["word_count"].clone()
        };
        for typed in ["8100", "8,100", "8 100", "8\u{2009}100", "8\u{202f}100", "8\u{a0}100", " 8,100 "] {
            assert_eq!(document(typed), json!(8100), "{typed:?}");
        }
        assert_eq!(document("1,234,567"), json!(1234567));
        // Exponents, odd groupings, mixed separators, inf and NaN stay text: the engine refuses them.
        for typed in ["1e3", "1E3", "8,10", "81,00", "8,1000", "1,234 567", "inf", "NaN", "+5", "8,100.5", "0x10", ","]
        {
            assert_eq!(document(typed), json!(typed.trim()), "{typed:?}");
        }
        // A decimal stays a number, which the engine says is not a whole number.
        assert_eq!(document("12.5"), json!(12.5));
        let problem = |typed: &str| {
            let request = FilingForm { word_count: typed.into(), ..filled() }.to_request();
            let problems: Vec<courtrules_engine::model::FieldError> =
                serde_json::from_slice(&ffi::validate_json(&serde_json::to_vec(&request).unwrap())).unwrap();
            problems.into_iter().map(|p| plain_problem(&p.path, &p.message)).collect::<Vec<_>>()
        };
        assert_eq!(problem("8,100"), Vec::<String>::new());
        for typed in ["1e3", "12.5"] {
            assert_eq!(problem(typed), ["Word count must be a whole number, like 25."], "{typed}");
        }
        // Fractions where fractions belong.
        let mut form = filled();
        form.format = FormatFields {
            included: true,
            margin_inches: ".75".into(),
            primary_font_size_pt: "1e1".into(),
            ..FormatFields::default()
        };
        assert_eq!(
            form.to_request()["document"]["format"],
            json!({"margin_inches": 0.75, "primary_font_size_pt": "1e1"})
        );
    }

    #[test]
    fn a_saved_form_comes_back_as_it_was() {
        let mut form = FilingForm { is_pro_se: true, word_count: "8,100".into(), page_count: "abc".into(), ..filled() };
        form.caption.included = true;
        form.caption.set("has_court_name", true);
        form.sections.set("has_toc", true);
        form.certificate_word_count = "5990".into();
        form.format = FormatFields {
            included: true,
            margin_inches: "0.75".into(),
            line_spacing: "double".into(),
            ..Default::default()
        };
        let text = form.to_saved().to_string();
        assert_eq!(FilingForm::from_saved(&serde_json::from_str(&text).unwrap()), form);
        // Anything else (an older copy, another page's) gives the default, never a panic.
        assert_eq!(FilingForm::from_saved(&json!(null)), FilingForm::default());
        assert_eq!(
            FilingForm::from_saved(&json!({"district_id": 3, "caption": {"flags": {"gone": true}}})),
            FilingForm::default()
        );
    }

    fn profile(district: &str) -> Profile {
        let path = format!("{}/../data/profiles/{district}.json", env!("CARGO_MANIFEST_DIR"));
        ffi::parse_profile(&std::fs::read(path).unwrap()).unwrap()
    }

    /// The engine's results for a form: `(category, status, message)`.
    fn results(profile: &Profile, form: &FilingForm) -> Vec<(String, String, String)> {
        let bytes = ffi::check_json(profile, &serde_json::to_vec(&form.to_request()).unwrap()).unwrap();
        let response: courtrules_engine::model::CheckResponse = serde_json::from_slice(&bytes).unwrap();
        response
            .results
            .into_iter()
            .map(|r| (r.category.as_str().to_owned(), r.status.as_str().to_owned(), r.message))
            .collect()
    }

    #[test]
    fn a_handwritten_paper_is_described_and_kept() {
        // A pro se party's handwritten 12-page reconsideration brief in S.D.N.Y.: Local
        // Civil Rule 6.3's 10 pages, and no certificate of compliance owed.
        let mut form = FilingForm {
            district_id: "sdny".into(),
            judge_slug: "court".into(),
            document_scope: "reconsideration_support".into(),
            motion_type: "reconsideration".into(),
            is_pro_se: true,
            page_count: "12".into(),
            word_count: "3000".into(),
            ..FilingForm::default()
        };
        form.sections.included = true;
        form.sections.set("has_memorandum_of_law", true);
        let sdny = profile("sdny");
        let typed = results(&sdny, &form);
        assert!(
            typed.iter().any(|(_, status, m)| status == "FAIL" && m.contains("certificate of compliance")),
            "{typed:?}"
        );
        form.handwritten_or_typewritten = true;
        assert_eq!(form.to_request()["document"]["handwritten_or_typewritten"], json!(true));
        let by_hand = results(&sdny, &form);
        assert!(
            by_hand
                .iter()
                .any(|(category, status, m)| category == "PAGE_LIMIT" && status == "FAIL" && m.contains("10 pages")),
            "{by_hand:?}"
        );
        assert!(!by_hand.iter().any(|(_, _, m)| m.contains("certificate of compliance")), "{by_hand:?}");
        // Kept for the tab, and by a PDF's reading, which cannot tell.
        let saved = FilingForm::from_saved(&serde_json::from_str(&form.to_saved().to_string()).unwrap());
        assert!(saved.handwritten_or_typewritten);
        form.fill_from(
            &json!({"document_scope": "reconsideration_support", "document": {"page_count": 9, "word_count": 2000}}),
        );
        assert!(form.handwritten_or_typewritten);
        // Unticked, the request is as it always was.
        form.handwritten_or_typewritten = false;
        assert!(form.to_request()["document"].get("handwritten_or_typewritten").is_none());
    }

    #[test]
    fn the_question_is_asked_where_the_rules_turn_on_it_whoever_files() {
        // W.D. Mich.'s limits turn on it for every filer; S.D.N.Y.'s and E.D.N.Y.'s only
        // for a pro se one (asked whenever the filer is pro se).
        assert!(asks_how_paper_was_made(&profile("miwd")));
        assert!(!asks_how_paper_was_made(&profile("sdny")));
        assert!(!asks_how_paper_was_made(&profile("edny")));
        // A represented party's typewritten dispositive brief in W.D. Mich.: 25 pages.
        let form = FilingForm {
            district_id: "miwd".into(),
            judge_slug: "court".into(),
            motion_type: "Rule_12".into(),
            handwritten_or_typewritten: true,
            page_count: "30".into(),
            word_count: "9000".into(),
            ..FilingForm::default()
        };
        let by_hand = results(&profile("miwd"), &form);
        assert!(
            by_hand
                .iter()
                .any(|(category, status, m)| category == "PAGE_LIMIT" && status == "FAIL" && m.contains("25 pages")),
            "{by_hand:?}"
        );
    }

    fn court(district: &str, scope: &str, motion: &str) -> FilingForm {
        FilingForm {
            district_id: district.into(),
            judge_slug: "court".into(),
            document_scope: scope.into(),
            motion_type: motion.into(),
            page_count: "30".into(),
            ..FilingForm::default()
        }
    }

    #[test]
    fn the_word_count_is_not_needed_where_no_rule_that_applies_reads_it() {
        // N.D. Tex. limits briefs by pages only.
        let txnd = profile("txnd");
        let form = court("txnd", "brief_support", "Rule_12");
        assert_eq!(word_count_use(&txnd, &form.rules_choice()), WordCountUse::Unread { page_limit: true });
        assert_eq!(
            word_count_note(word_count_use(&txnd, &form.rules_choice()), "court").unwrap(),
            "Not needed: none of this court's rules for this filing counts words; they limit its length by pages. You may still enter it."
        );
        // Left empty, the request carries 0 and is checked: the 25-page limit fails.
        let request = form.to_request_given(word_count_use(&txnd, &form.rules_choice()));
        assert_eq!(request["document"], json!({"page_count": 30, "word_count": 0}));
        let found = results(&txnd, &form_from(&request));
        assert!(found.iter().any(|(c, s, m)| c == "PAGE_LIMIT" && s == "FAIL" && m.contains("25 pages")), "{found:?}");
        // A count given is sent as given; where a rule reads it, empty stays empty.
        let given = FilingForm { word_count: "7000".into(), ..form.clone() };
        assert_eq!(
            given.to_request_given(WordCountUse::Unread { page_limit: true })["document"]["word_count"],
            json!(7000)
        );
        assert!(form.to_request_given(WordCountUse::Read)["document"].get("word_count").is_none());
        // E.D.N.Y. counts a memorandum's words (Local Civil Rule 7.1), not a letter's.
        let edny = profile("edny");
        assert_eq!(
            word_count_use(&edny, &court("edny", "brief_support", "Rule_12").rules_choice()),
            WordCountUse::Read
        );
        assert_eq!(
            word_count_use(&edny, &court("edny", "letter", "").rules_choice()),
            WordCountUse::Unread { page_limit: false }
        );
        assert_eq!(word_count_note(WordCountUse::Read, "court"), None);
        // Before a judge, the judge's rules count too (the sample Judge Avery Sample's
        // page limit for letters), and the note names them.
        let letter = FilingForm { judge_slug: "avery-sample".into(), ..court("edny", "letter", "") };
        assert_eq!(word_count_use(&edny, &letter.rules_choice()), WordCountUse::Unread { page_limit: true });
        assert!(
            word_count_note(word_count_use(&edny, &letter.rules_choice()), "avery-sample")
                .unwrap()
                .contains("the court's or the judge's rules")
        );
        // A pro se party's handwritten memorandum in E.D.N.Y. is limited by pages instead.
        let by_hand = FilingForm {
            is_pro_se: true,
            handwritten_or_typewritten: true,
            ..court("edny", "reconsideration_support", "reconsideration")
        };
        assert_eq!(word_count_use(&edny, &by_hand.rules_choice()), WordCountUse::Unread { page_limit: true });
        // W.D. Mich.: words for a typed dispositive brief, pages for a typewritten one; with
        // no motion named, the rules for some motions count (the check asks for the motion).
        let miwd = profile("miwd");
        assert_eq!(
            word_count_use(&miwd, &court("miwd", "brief_support", "Rule_12").rules_choice()),
            WordCountUse::Read
        );
        let typewritten = FilingForm { handwritten_or_typewritten: true, ..court("miwd", "brief_support", "Rule_12") };
        assert_eq!(word_count_use(&miwd, &typewritten.rules_choice()), WordCountUse::Unread { page_limit: true });
        assert_eq!(word_count_use(&miwd, &court("miwd", "brief_support", "").rules_choice()), WordCountUse::Read);
        // What the page cannot tell is read: another court's profile, an unknown judge or value.
        assert_eq!(word_count_use(&txnd, &court("edny", "letter", "").rules_choice()), WordCountUse::Read);
        assert_eq!(
            word_count_use(&txnd, &FilingForm { judge_slug: "nobody".into(), ..form.clone() }.rules_choice()),
            WordCountUse::Read
        );
        assert_eq!(word_count_use(&txnd, &court("txnd", "brief", "Rule_12").rules_choice()), WordCountUse::Read);
        assert_eq!(
            word_count_use(&txnd, &court("txnd", "brief_support", "Rule_13").rules_choice()),
            WordCountUse::Read
        );
    }

    fn form_from(request: &Value) -> FilingForm {
        let mut form = FilingForm {
            district_id: request["district_id"].as_str().unwrap().into(),
            judge_slug: request["judge_slug"].as_str().unwrap().into(),
            ..FilingForm::default()
        };
        form.fill_from(request);
        form
    }

    /// Where the page says no rule reads the word count, no count changes a check's
    /// answer by a byte: every court, the court-wide rules and every judge with an order,
    /// every paper, motion, role and kind of filer.
    #[test]
    fn where_the_word_count_is_said_not_to_be_read_no_count_changes_the_answer() {
        let dir = format!("{}/../data/profiles", env!("CARGO_MANIFEST_DIR"));
        let mut districts: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter_map(|name| name.strip_suffix(".json").map(str::to_owned))
            .collect();
        districts.sort();
        let (mut unread, mut read) = (0, 0);
        for district in &districts {
            let profile = profile(district);
            let judges = std::iter::once("court".to_owned())
                .chain(profile.judges.iter().filter(|j| j.standing_order.is_some()).map(|j| j.slug.clone()));
            for judge in judges {
                for scope in DocumentScope::NAMES {
                    for motion in std::iter::once(&"").chain(MotionType::NAMES) {
                        for role in FilingRole::NAMES {
                            for (pro_se, by_hand) in [(false, false), (true, true), (false, true)] {
                                let form = FilingForm {
                                    district_id: district.clone(),
                                    judge_slug: judge.clone(),
                                    document_scope: (*scope).into(),
                                    motion_type: (*motion).into(),
                                    filing_role: (*role).into(),
                                    is_pro_se: pro_se,
                                    handwritten_or_typewritten: by_hand,
                                    page_count: "30".into(),
                                    ..FilingForm::default()
                                };
                                let words = word_count_use(&profile, &form.rules_choice());
                                if words == WordCountUse::Read {
                                    read += 1;
                                    continue;
                                }
                                unread += 1;
                                let answer = |count: &str| {
                                    let request =
                                        FilingForm { word_count: count.into(), ..form.clone() }.to_request_given(words);
                                    ffi::check_json(&profile, &serde_json::to_vec(&request).unwrap()).unwrap()
                                };
                                assert_eq!(
                                    answer(""),
                                    answer("4000000000"),
                                    "{district} {judge} {scope} {motion} {role}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(unread > 1000 && read > 1000, "{unread} unread, {read} read");
    }

    #[test]
    fn a_paper_filed_in_another_role_than_its_own_is_said_so() {
        let form = |scope: &str, role: &str| FilingForm {
            document_scope: scope.into(),
            filing_role: role.into(),
            ..FilingForm::default()
        };
        let reply = form("brief_reply", "movant").role_mismatch().unwrap();
        assert_eq!((reply.expected, reply.chosen), (FilingRole::Reply, FilingRole::Movant));
        assert_eq!(
            reply.in_words(),
            "A reply memorandum is the moving party's reply: its filing role is Reply, not Moving party. As chosen, it is checked by the rules for a moving party's own papers, not by those for replies."
        );
        assert_eq!(reply.fix_label(), "Make the filing role Reply");
        assert_eq!(
            form("brief_opposition", "movant").role_mismatch().unwrap().in_words(),
            "A memorandum in opposition is a paper opposing the motion: its filing role is Opponent, not Moving party. As chosen, it is checked by the rules for a moving party's own papers, not by those for papers opposing a motion."
        );
        assert_eq!(form("reconsideration_support", "reply").role_mismatch().unwrap().expected, FilingRole::Movant);
        assert_eq!(form("reconsideration_reply", "opponent").role_mismatch().unwrap().expected, FilingRole::Reply);
        // Consistent, or papers any side files: nothing to say.
        for (scope, role) in [("brief_reply", "reply"), ("brief_support", "movant"), ("brief_opposition", "opponent")] {
            assert_eq!(form(scope, role).role_mismatch(), None, "{scope} {role}");
        }
        for role in FilingRole::NAMES {
            for scope in ["letter", "affidavit", "rule_56_1_statement", "objection_response"] {
                assert_eq!(form(scope, role).role_mismatch(), None, "{scope} {role}");
            }
        }
        assert_eq!(form("brief", "movant").role_mismatch(), None);
    }

    /// The roles the page expects agree with the rules data: wherever a rule is written
    /// for papers and roles, each paper with a role of its own has that role among them.
    #[test]
    fn the_papers_own_roles_agree_with_the_rules_data() {
        let dir = format!("{}/../data/profiles", env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let Some(district) = name.strip_suffix(".json") else { continue };
            let profile = profile(district);
            let orders = profile.judges.iter().filter_map(|j| j.standing_order.as_ref()).flat_map(|o| &o.rules);
            for rule in profile.national.rules.iter().chain(&profile.local.rules).chain(orders) {
                let Some(applies) = &rule.applies_to else { continue };
                let (Some(scopes), Some(roles)) = (&applies.document_scopes, &applies.filing_roles) else { continue };
                for scope in scopes {
                    if let Some(own) = role_of(*scope) {
                        seen += 1;
                        assert!(roles.contains(&own), "{}: {scope} is filed as {own}", rule.rule_key);
                    }
                }
            }
        }
        assert!(seen > 10, "{seen}");
    }

    #[test]
    fn a_memorandum_described_by_its_sections_has_its_memorandum_of_law() {
        let mut form = filled();
        form.describe_sections(true);
        assert!(form.sections.get("has_memorandum_of_law"));
        assert_eq!(form.sections.flags.iter().filter(|(_, v)| *v).count(), 1);
        // The E.D.N.Y. memorandum in support no longer misses itself.
        let edny = profile("edny");
        let found = results(&edny, &FilingForm { judge_slug: "court".into(), ..form.clone() });
        assert!(!found.iter().any(|(_, s, m)| s == "FAIL" && m.contains("memorandum of law")), "{found:?}");
        // Switched off and on again, the user's own ticks stand.
        form.sections.set("has_memorandum_of_law", false);
        form.sections.set("has_toc", true);
        form.describe_sections(false);
        form.describe_sections(true);
        assert!(!form.sections.get("has_memorandum_of_law") && form.sections.get("has_toc"));
        // A letter is not a memorandum; an opponent's 56.1 paper is a counterstatement.
        let mut letter = FilingForm { document_scope: "letter".into(), ..filled() };
        letter.describe_sections(true);
        assert!(letter.sections.included && !letter.sections.flags.iter().any(|(_, v)| *v));
        let mut counter =
            FilingForm { document_scope: "rule_56_1_statement".into(), filing_role: "opponent".into(), ..filled() };
        counter.describe_sections(true);
        assert!(counter.sections.get("has_56_1_counterstatement"));
    }

    #[test]
    fn included_groups_carry_every_flag_of_the_engine() {
        let mut form = filled();
        form.caption.included = true;
        form.caption.set("has_court_name", true);
        form.sections.included = true;
        form.certificate_word_count = "5990".into();
        let document = &form.to_request()["document"];
        assert_eq!(document["caption"].as_object().unwrap().len(), Caption::FLAGS.len());
        assert_eq!(document["caption"]["has_court_name"], json!(true));
        assert_eq!(document["sections"]["certificate_word_count"], json!(5990));
        assert!(document.get("privacy").is_none());
    }

    #[test]
    fn a_form_filled_from_a_request_gives_that_request_back() {
        let mut form = filled();
        form.caption.included = true;
        form.caption.set("present", true);
        form.format = FormatFields {
            included: true,
            primary_font_size_pt: "12".into(),
            line_spacing: "double".into(),
            ..Default::default()
        };
        let request = form.to_request();
        let mut copy =
            FilingForm { district_id: "edny".into(), judge_slug: "avery-sample".into(), ..FilingForm::default() };
        copy.fill_from(&request);
        assert_eq!(copy.to_request(), request);
    }

    #[test]
    fn a_new_reading_replaces_the_papers_description_but_not_the_filings_own_fields() {
        let mut form = FilingForm {
            is_pro_se: true,
            pmc_completed: true,
            filing_role: FilingRole::Opponent.as_str().into(),
            ..filled()
        };
        form.fill_from(&json!({"document_scope": "brief_support", "motion_type": "Rule_12", "document": {
            "page_count": 19, "word_count": 6589,
            "caption": {"present": true},
            "sections": {"has_certificate_of_compliance": true, "certificate_word_count": 6589},
            "format": {"primary_font_size_pt": 12, "footnote_font_size_pt": 10},
        }}));
        // The next PDF has no certificate, no footnotes and says nothing of its caption.
        form.fill_from(&json!({"document_scope": "brief_reply", "document": {
            "page_count": 5, "word_count": 878,
            "sections": {"has_toc": true},
            "format": {"primary_font_size_pt": 12},
        }}));
        let document = &form.to_request()["document"];
        assert_eq!((document["page_count"].clone(), document["word_count"].clone()), (json!(5), json!(878)));
        assert!(document.get("caption").is_none(), "the first PDF's caption is kept");
        assert_eq!(document["format"], json!({"primary_font_size_pt": 12}));
        assert_eq!(document["sections"]["has_toc"], json!(true));
        assert_eq!(document["sections"]["has_certificate_of_compliance"], json!(false));
        assert!(document["sections"].get("certificate_word_count").is_none());
        // What no PDF reading supplies stays as the user set it.
        assert_eq!((form.district_id.as_str(), form.judge_slug.as_str()), ("edny", "avery-sample"));
        assert_eq!((form.document_scope.as_str(), form.motion_type.as_str()), ("brief_reply", "Rule_12"));
        assert!(form.is_pro_se && form.pmc_completed && form.filing_role == "opponent");
    }

    #[test]
    fn a_fill_tells_what_it_filled_from_what_it_cleared() {
        let mut before = filled();
        before.format = FormatFields { included: true, primary_font_size_pt: "12".into(), ..FormatFields::default() };
        let mut after = before.clone();
        after.fill_from(&json!({"document": {"page_count": 30, "word_count": 6000, "caption": {"present": true}}}));
        assert_eq!(changed_fields(&before, &after), ["Page count", "The caption"]);
        assert_eq!(cleared_fields(&before, &after), ["The format"]);
    }

    #[test]
    fn labels_read_well() {
        assert_eq!(label("has_court_name"), "Court name");
        assert_eq!(label("has_toc"), "Table of contents");
        assert_eq!(label("has_56_1_statement"), "56.1 statement");
        assert_eq!(label("brief_support"), "Brief support");
        assert_eq!(field_id("document.page_count"), "field-document-page_count");
    }
}

#[cfg(test)]
mod wording_tests {
    use super::*;

    #[test]
    fn problems_are_told_in_the_fields_own_words() {
        assert_eq!(
            plain_problem("document.page_count", "must be an integer, got a string"),
            "Page count must be a whole number, like 25."
        );
        assert_eq!(plain_problem("document.page_count", "must be at least 1, got 0"), "Page count must be at least 1.");
        assert_eq!(plain_problem("document.word_count", "is required"), "Enter the word count.");
        assert_eq!(
            plain_problem("document.format.margin_inches", "must be greater than 0, got -1"),
            "Smallest margin must be a number greater than 0, like 1."
        );
        assert_eq!(
            plain_problem("document.format.primary_font_size_pt", "must be greater than 0, got -1"),
            "Body font size must be a number greater than 0, like 12."
        );
    }

    #[test]
    fn a_number_too_large_for_a_count_is_said_so() {
        let request = FilingForm {
            district_id: "edny".into(),
            judge_slug: "court".into(),
            page_count: "99999999999".into(),
            word_count: "100".into(),
            ..FilingForm::default()
        }
        .to_request();
        let problems: Vec<courtrules_engine::model::FieldError> =
            serde_json::from_slice(&courtrules_engine::ffi::validate_json(&serde_json::to_vec(&request).unwrap()))
                .unwrap();
        let said: Vec<String> = problems.iter().map(|p| plain_problem(&p.path, &p.message)).collect();
        assert_eq!(said, ["Page count is too large: enter the count itself, like 25."]);
        assert_eq!(
            plain_problem("document.word_count", "must be at most 12000, got 13000"),
            "Word count must be at most 12,000."
        );
    }

    #[test]
    fn a_sample_order_is_said_to_be_sample_data_once() {
        use courtrules_engine::ffi;
        let path = format!("{}/../data/profiles/edny.json", env!("CARGO_MANIFEST_DIR"));
        let profile = ffi::parse_profile(&std::fs::read(path).unwrap()).unwrap();
        let form = FilingForm {
            district_id: "edny".into(),
            judge_slug: "avery-sample".into(),
            page_count: "10".into(),
            word_count: "2000".into(),
            ..FilingForm::default()
        };
        let bytes = ffi::check_json(&profile, &serde_json::to_vec(&form.to_request()).unwrap()).unwrap();
        let response: courtrules_engine::model::CheckResponse = serde_json::from_slice(&bytes).unwrap();
        let shown = coverage_in_words(&response.meta.coverage_note);
        assert_eq!(shown.matches("(sample data").count(), 1, "{shown}");
        assert!(shown.contains("Avery Sample (sample data: a fictional order"), "{shown}");
    }

    #[test]
    fn skipped_checks_say_what_they_need() {
        assert_eq!(
            needs_in_words("document.sections.certificate_word_count"),
            "Needs the words stated in the certificate of compliance"
        );
        assert_eq!(needs_in_words("document.caption"), "Needs the caption");
        assert_eq!(needs_in_words("pmc_completed"), "Needs to know whether a pre-motion conference was held");
    }

    #[test]
    fn values_read_as_lawyers_name_them() {
        assert_eq!(value_label("brief_support"), "Memorandum in support");
        assert_eq!(value_label("frcp"), "FRCP");
        assert_eq!(value_label("letter"), "Letter");
    }

    #[test]
    fn a_fill_names_the_fields_it_changed() {
        let before = FilingForm::default();
        let mut after = before.clone();
        after.page_count = "27".into();
        after.word_count = "7000".into();
        assert_eq!(changed_fields(&before, &after), ["Page count", "Word count"]);
    }
}
