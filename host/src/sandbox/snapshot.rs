//! Pre-initialized modules: the engine module with some profiles already parsed.
//!
//! A fresh instance of the plain module must parse its profile before its first check,
//! which costs ten times the check. So once an instance has loaded the profiles in
//! use, its linear memory is written back into a copy of the module as that module's
//! data: every instance of the copy starts with the profiles parsed, and wasmtime maps
//! the data as a copy-on-write image, so instantiating it costs no more than the
//! original. (The same idea as the Wizer pre-initializer, for a module whose only
//! mutable global is its stack pointer.)
//!
//! This is sound only when the instance's state is all in its memory: the module may
//! have no mutable global but the stack pointer (which is back at its initial value
//! between calls), and no code that reads data segments at run time (`memory.init`,
//! `data.drop`). `snapshot_module` checks both and refuses otherwise.

use wasm_encoder::{ConstExpr, DataCountSection, DataSection, MemorySection, MemoryType, RawSection};
use wasmparser::{Operator, Parser, Payload};

const WASM_PAGE: usize = 65536;

/// Runs of zero bytes longer than this split a data segment; shorter ones are kept in
/// the segment, so a snapshot has a few segments rather than thousands.
const ZERO_RUN_SPLIT: usize = 256;

/// The original module with `memory` (a snapshot of an instance's linear memory) as its
/// initial memory.
pub fn snapshot_module(original: &[u8], memory: &[u8]) -> anyhow::Result<Vec<u8>> {
    anyhow::ensure!(memory.len().is_multiple_of(WASM_PAGE), "memory is not a whole number of pages");
    let pages = (memory.len() / WASM_PAGE) as u64;
    let segments = data_segments(memory);
    let mut module = wasm_encoder::Module::new();
    let mut wrote_data = false;
    for payload in Parser::new(0).parse_all(original) {
        let payload = payload?;
        let section = payload.as_section();
        match payload {
            Payload::GlobalSection(reader) => {
                let mut mutable = 0;
                for global in reader {
                    mutable += usize::from(global?.ty.mutable);
                }
                anyhow::ensure!(
                    mutable <= 1,
                    "the module has {mutable} mutable globals; only the stack pointer may change"
                );
                copy_section(&mut module, original, section);
            }
            Payload::MemorySection(reader) => {
                let mut memories = MemorySection::new();
                for memory_type in reader {
                    let memory_type = memory_type?;
                    anyhow::ensure!(!memory_type.memory64 && !memory_type.shared, "unsupported memory type");
                    memories.memory(MemoryType {
                        minimum: memory_type.initial.max(pages),
                        maximum: memory_type.maximum,
                        memory64: false,
                        shared: false,
                        page_size_log2: memory_type.page_size_log2,
                    });
                }
                module.section(&memories);
            }
            Payload::DataCountSection { .. } => {
                module.section(&DataCountSection { count: segments.len() as u32 });
            }
            Payload::DataSection(_) => {
                module.section(&data_section(&segments));
                wrote_data = true;
            }
            Payload::CodeSectionEntry(body) => {
                for operator in body.get_operators_reader()? {
                    if matches!(operator?, Operator::MemoryInit { .. } | Operator::DataDrop { .. }) {
                        anyhow::bail!("the module reads data segments at run time");
                    }
                }
            }
            Payload::End(_) if !wrote_data => {
                module.section(&data_section(&segments));
            }
            _ => copy_section(&mut module, original, section),
        }
    }
    Ok(module.finish())
}

/// Copies a section of the original as it is (nothing for payloads that are not
/// sections of their own, like the version or a function body).
fn copy_section(module: &mut wasm_encoder::Module, original: &[u8], section: Option<(u8, std::ops::Range<usize>)>) {
    if let Some((id, range)) = section {
        module.section(&RawSection { id, data: &original[range] });
    }
}

/// The non-zero stretches of memory, as (offset, bytes).
fn data_segments(memory: &[u8]) -> Vec<(usize, &[u8])> {
    let mut segments = Vec::new();
    let mut index = 0;
    while index < memory.len() {
        let Some(start) = memory[index..].iter().position(|&byte| byte != 0).map(|found| index + found) else { break };
        let mut end = start;
        let mut zeros = 0;
        let mut cursor = start;
        while cursor < memory.len() && zeros <= ZERO_RUN_SPLIT {
            if memory[cursor] == 0 {
                zeros += 1;
            } else {
                zeros = 0;
                end = cursor + 1;
            }
            cursor += 1;
        }
        segments.push((start, &memory[start..end]));
        index = end;
    }
    segments
}

fn data_section(segments: &[(usize, &[u8])]) -> DataSection {
    let mut data = DataSection::new();
    for &(offset, bytes) in segments {
        data.active(0, &ConstExpr::i32_const(offset as i32), bytes.iter().copied());
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_cover_exactly_the_non_zero_bytes() {
        let mut memory = vec![0u8; 3 * WASM_PAGE];
        memory[10] = 1;
        memory[20] = 2;
        memory[2 * WASM_PAGE] = 3;
        let segments = data_segments(&memory);
        assert_eq!(segments.len(), 2);
        assert_eq!((segments[0].0, segments[0].1.len()), (10, 11));
        assert_eq!((segments[1].0, segments[1].1), (2 * WASM_PAGE, &[3u8][..]));
        let mut rebuilt = vec![0u8; memory.len()];
        for (offset, bytes) in segments {
            rebuilt[offset..offset + bytes.len()].copy_from_slice(bytes);
        }
        assert_eq!(rebuilt, memory);
    }

    #[test]
    fn empty_memory_has_no_segments() {
        assert!(data_segments(&vec![0u8; WASM_PAGE]).is_empty());
    }
}
