extension Page {
    /// The line that readers of the bundle and the site get after the title of a page that uses
    /// shared code: which pages wrote it, as links relative to the page (`07-repositories.md`).
    package var usesNote: String? { usesNote(destination: { $0 }) }

    /// The same line with each link's destination made by `destination` from the file name
    /// (the site turns `07-repositories.md` into a DocC link).
    package func usesNote(destination: (String) -> String) -> String? {
        var paths: [String] = []
        for snippet in sharedCode where !paths.contains(snippet.path) { paths.append(snippet.path) }
        guard !paths.isEmpty else { return nil }
        let links = paths.map { path -> String in
            let file = String(path.split(separator: "/").last ?? "")
            let number = PageFileName(file).map { String($0.number) } ?? file
            return "[page \(number)](\(destination(file)))"
        }
        let list = links.count == 1 ? links[0] : links.dropLast().joined(separator: ", ") + " and " + links[links.count - 1]
        return "This page's code uses the shared code of \(list)."
    }
}
