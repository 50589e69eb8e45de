/// A double-quoted YAML scalar, safe for any summary text in front matter.
func yamlQuoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}
