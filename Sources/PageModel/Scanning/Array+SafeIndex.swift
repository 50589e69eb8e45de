/// Reading one byte ahead or behind without checking bounds at every call site: past either
/// end there is no byte, which is what the scanner means by the end of a line.
extension Array {
    package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
