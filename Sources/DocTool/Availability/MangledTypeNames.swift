/// The nominal types a mangled Swift type names, as USRs: `$s15Synchronization5MutexVySiGD`
/// (`Mutex<Int>`) names `s:15Synchronization5MutexV`.
///
/// Only types spelled in full (a module's name, then each enclosing type's, each with its length,
/// then `V`, `C`, `O`, `P` or `a` for struct, class, enum, protocol or type alias) are found;
/// types the mangling abbreviates (`Si` for `Int`, `ScT` for `Task`) are the standard library's
/// oldest, and a type named again later in the same string is found at its first spelling. A
/// candidate that names nothing is harmless: only USRs that a module's symbol graph lists count.
enum MangledTypeNames {
    static func nominalUSRs(in mangled: String) -> [String] {
        let bytes = Array(mangled.utf8)
        var found: [String] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]), index == 0 || !isDigit(bytes[index - 1]) else {
                index += 1
                continue
            }
            var cursor = index
            var identifiers = 0
            while cursor < bytes.count, isDigit(bytes[cursor]) {
                var length = 0
                while cursor < bytes.count, isDigit(bytes[cursor]), length < 10_000 {
                    length = length * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                    cursor += 1
                }
                guard length > 0, cursor + length <= bytes.count else { break }
                cursor += length
                identifiers += 1
                if identifiers >= 2, cursor < bytes.count, "VCOPa".utf8.contains(bytes[cursor]) {
                    found.append("s:" + String(decoding: bytes[index...cursor], as: UTF8.self))
                }
            }
            index += 1
        }
        return found
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
