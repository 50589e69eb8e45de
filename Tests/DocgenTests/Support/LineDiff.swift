/// The lines that differ between two texts, for a failing comparison of long files: each
/// change as `-` (only in `old`) and `+` (only in `new`) lines with their line numbers, the
/// unchanged lines left out. Longest common subsequence of lines, which is plenty for the
/// golden files' few hundred lines.
enum LineDiff {
    static func text(from old: String, to new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // common[i][j]: the length of the longest common subsequence of a[i...] and b[j...].
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                (i, j) = (i + 1, j + 1)
            } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("-\(i + 1): \(a[i])")
                i += 1
            } else {
                lines.append("+\(j + 1): \(b[j])")
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
