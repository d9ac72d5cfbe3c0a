//! What makes a web address citable: every rule cites one, so an address a reader cannot
//! follow ("https://", "http://exa mple.com") would be printed under every result built on
//! it. One check for the profile format, the practices reader's options and the server's
//! fields, so the page, the package and the API refuse the same addresses.

/// Why `address` cannot be cited, in words that complete "`<field>` …"; `None` when it can:
/// `http://` or `https://`, a site name with a dot (`example.com`; an IP address counts),
/// no spaces or control characters.
pub fn address_problem(address: &str) -> Option<&'static str> {
    let Some(rest) = address.strip_prefix("https://").or_else(|| address.strip_prefix("http://")) else {
        return Some("must be an http(s) address, like https://example.com/practices");
    };
    if address.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some("must not contain spaces");
    }
    let site = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // Without a user name or a port: `user@host:8080`.
    let site = site.rsplit('@').next().unwrap_or_default();
    let site = site.split(':').next().unwrap_or_default();
    let named = site.contains('.') && site.split('.').all(|label| !label.is_empty());
    (!named).then_some("must name the site after http:// or https://, like https://example.com/practices")
}

#[cfg(test)]
mod tests {
    use super::address_problem;

    #[test]
    fn an_address_needs_a_scheme_a_site_and_no_spaces() {
        let scheme = Some("must be an http(s) address, like https://example.com/practices");
        let site = Some("must name the site after http:// or https://, like https://example.com/practices");
        for (address, problem) in [
            ("", scheme),
            ("courtrules.example/x", scheme),
            ("ftp://example.org/x", scheme),
            ("javascript:alert(1)", scheme),
            ("HTTPS://example.org", scheme),
            ("https://", site),
            ("http://", site),
            ("https:///practices", site),
            ("https://localhost/x", site),
            ("https://example./x", site),
            ("https://.com", site),
            ("http://exa mple.com", Some("must not contain spaces")),
            ("https://example.com/a\u{0}b", Some("must not contain spaces")),
            ("https://example.com/my practices.pdf", Some("must not contain spaces")),
        ] {
            assert_eq!(address_problem(address), problem, "{address:?}");
        }
        for good in [
            "https://www.nysd.uscourts.gov/sites/default/files/practice.pdf",
            "https://example.com",
            "http://example.com:8080/x?y=1#z",
            "https://user@example.com/x",
            "http://127.0.0.1:8080/practices",
        ] {
            assert_eq!(address_problem(good), None, "{good}");
        }
    }
}
