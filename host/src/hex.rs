//! Lower-case hexadecimal: SHA-256 digests (keys, documents, uploads) and random ids.

/// `bytes` as lower-case hex, two digits a byte.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// `bytes` random bytes from the operating system, as hex.
pub fn random(bytes: usize) -> anyhow::Result<String> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer)
        .map_err(|error| anyhow::anyhow!("no randomness from the operating system: {error}"))?;
    Ok(encode(&buffer))
}

#[cfg(test)]
mod tests {
    #[test]
    fn encodes_two_lower_case_digits_a_byte() {
        assert_eq!(super::encode(&[0x00, 0x0f, 0xab, 0xff]), "000fabff");
        let id = super::random(16).unwrap();
        assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()), "{id}");
    }
}
