/// The parts of a page file name: `15-task-ownership.md` (two or more digits, then the slug).
package struct PageFileName {
    package var number: Int
    package var slug: String

    package init?(_ fileName: String) {
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        let parts = stem.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count >= 2, let number = Int(parts[0]), number > 0,
            parts[0].allSatisfy(\.isASCII),
            parts[1].split(separator: "-", omittingEmptySubsequences: false).allSatisfy({ word in
                !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            })
        else { return nil }
        self.number = number
        self.slug = String(parts[1])
    }
}
