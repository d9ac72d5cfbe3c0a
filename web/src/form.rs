//! The filing form: what the user typed, and the check request it stands for.
//!
//! The form holds text as typed and turns it into request JSON without judging it:
//! deciding what is valid is the engine's job (`ffi::validate_json`), so the browser
//! shows the same problems, in the same words, as the server's 400 body. Field names,
//! flags and allowed values all come from the engine's model.

use courtrules_engine::model::{Caption, DocumentScope, FilingRole, Privacy, Sections, SignatureBlock};
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
        let mut document = Map::new();
        put_number(&mut document, "page_count", &self.page_count);
        put_number(&mut document, "word_count", &self.word_count);
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

    /// Fills the form from a (partial) check request, e.g. the `check_request` or
    /// `document` a PDF analysis produced. Fields the request lacks keep their values.
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
}

/// Puts a number field as typed: left out when empty (the engine then says what is
/// required), a JSON number when it reads as one, and otherwise the text itself, so the
/// engine names the field and what is wrong with it.
fn put_number(object: &mut Map<String, Value>, name: &str, typed: &str) {
    let typed = typed.trim();
    if typed.is_empty() {
        return;
    }
    let value = match typed.parse::<f64>() {
        Ok(n) if n.is_finite() && n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 => Value::from(n as i64),
        Ok(n) if n.is_finite() => Value::from(n),
        _ => Value::String(typed.to_owned()),
    };
    object.insert(name.into(), value);
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
    fn labels_read_well() {
        assert_eq!(label("has_court_name"), "Court name");
        assert_eq!(label("has_toc"), "Table of contents");
        assert_eq!(label("has_56_1_statement"), "56.1 statement");
        assert_eq!(label("brief_support"), "Brief support");
        assert_eq!(field_id("document.page_count"), "field-document-page_count");
    }
}
