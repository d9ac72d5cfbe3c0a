//! Shared by the checks that read flags of a document sub-object (caption, signature
//! block, sections, privacy): which flags a rule names are unmet, and how to say so.

/// The flags among `names` whose value is not `wanted`, in the rule's order.
pub(crate) fn unmet(names: &[String], wanted: bool, value_of: impl Fn(&str) -> Option<bool>) -> Vec<&str> {
    names.iter().map(String::as_str).filter(|name| value_of(name).unwrap_or(false) != wanted).collect()
}

/// How a message names what a flag stands for.
pub(crate) fn phrase(flag: &str) -> &str {
    match flag {
        "present" => "the block itself",
        "has_court_name" => "the court's name",
        "has_case_title" => "the title of the action",
        "has_docket_number" => "the file number",
        "has_document_designation" => "the paper's designation",
        "has_attorney_name" => "the signer's name",
        "has_firm_name" => "the firm's name",
        "has_address" => "the signer's address",
        "has_email" => "the signer's e-mail address",
        "has_phone" => "the signer's telephone number",
        "is_electronic_signature" => "an electronic signature (\"/s/ Name\")",
        "has_toc" => "a table of contents",
        "has_toa" => "a table of authorities",
        "has_certificate_of_compliance" => "a certificate of compliance with the word limit",
        "has_certificate_of_service" => "a certificate of service",
        "has_numbered_paragraphs" => "numbered paragraphs",
        "has_56_1_statement" => "a Rule 56.1 statement of material facts",
        "has_56_1_counterstatement" => "a Rule 56.1 counterstatement",
        "has_proposed_amended_pleading" => "the proposed amended pleading",
        "has_verbatim_discovery_text" => "the discovery requests and responses quoted verbatim",
        "has_conferral_certification" => "a certification of good-faith conferral",
        "has_notice_of_motion" => "a notice of motion",
        "has_memorandum_of_law" => "a memorandum of law",
        "has_supporting_affidavits" => "supporting affidavits with exhibits",
        "has_pro_se_sj_notice" => "the notice to the pro se litigant",
        "contains_full_ssn" => "a full Social Security or taxpayer-identification number",
        "contains_full_dob" => "a full birth date",
        "contains_minor_full_name" => "a minor's full name",
        "contains_full_financial_account" => "a full financial-account number",
        other => other,
    }
}

/// `["a", "b", "c"]` → `a, b and c`.
pub(crate) fn list(names: &[&str]) -> String {
    let phrases: Vec<&str> = names.iter().map(|name| phrase(name)).collect();
    match phrases.as_slice() {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(list(&["has_email"]), "the signer's e-mail address");
        assert_eq!(
            list(&["has_court_name", "has_case_title", "has_docket_number"]),
            "the court's name, the title of the action and the file number"
        );
    }

    #[test]
    fn every_request_flag_has_a_phrase() {
        use crate::model::{Caption, Privacy, Sections, SignatureBlock};
        for flag in [Caption::FLAGS, SignatureBlock::FLAGS, Sections::FLAGS, Privacy::FLAGS].concat() {
            assert_ne!(phrase(flag), flag, "{flag} has no phrase");
        }
    }
}
