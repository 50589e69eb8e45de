/// Replacing parts of a run's text, as the site (links to DocC links) and the bundle (links to
/// paths) rewrite the links that `PageLink.find` found in it.
package enum LinkEdits {
    /// `text` with each range replaced; applied from the end, so that every range still means
    /// the place it was found at.
    package static func applying(_ edits: [(range: Range<Int>, replacement: [UInt8])], to text: [UInt8]) -> [UInt8] {
        var text = text
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: edit.replacement)
        }
        return text
    }
}
