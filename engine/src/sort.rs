//! One stable sort for the engine's lists.
//!
//! The standard library's stable sort compiles to ~3 KB of WebAssembly for every element
//! type and order it is used with, and the check engine sorts five kinds of lists, each
//! of at most a few hundred items. Sorting their positions through a `dyn` comparison
//! uses one copy of it for all of them, which keeps ~15 KB out of the browser's check
//! module. The order is exactly `slice::sort_by`'s: equal items keep their order.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in the order they were in.
pub(crate) fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_positions(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().map(|position| slots[position].take().expect("every position once")));
}

/// `sort_by` with the order of a key, as `slice::sort_by_key`.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one instance of the standard library's sort.
fn sort_positions(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_library_does_keeping_equal_items_in_order() {
        // Pairs compared by their first half only: the second half shows the order of ties.
        let mut seed = 7u32;
        let mut items: Vec<(u32, u32)> = (0..500)
            .map(|i| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                ((seed >> 16) % 20, i)
            })
            .collect();
        let mut expected = items.clone();
        expected.sort_by_key(|a| a.0);
        sort_by(&mut items, |a, b| a.0.cmp(&b.0));
        assert_eq!(items, expected);
        sort_by_key(&mut items, |item| std::cmp::Reverse(item.1));
        assert_eq!(items.first(), Some(&expected.iter().max_by_key(|item| item.1).copied().unwrap()));
    }

    #[test]
    fn short_lists_and_owned_items() {
        let mut empty: Vec<String> = Vec::new();
        sort_by_key(&mut empty, |s| s.clone());
        assert!(empty.is_empty());
        let mut words = vec!["pear".to_owned(), "fig".to_owned(), "apple".to_owned()];
        sort_by(&mut words, |a, b| a.cmp(b));
        assert_eq!(words, ["apple", "fig", "pear"]);
    }
}
