import Foundation
import Testing

@testable import DocTool
@testable import PageModel

/// `firstOffset(of:from:)`, the byte search that rule IDs and proofs are found with.
@Suite("Scanning: byte search")
struct ByteSearchTests {
    @Test func byteSearchFindsEveryOccurrenceFromAnOffset() {
        let bytes = Array("a**b**c*".utf8)
        #expect(bytes.firstOffset(of: Array("**".utf8)) == 1)
        #expect(bytes.firstOffset(of: Array("**".utf8), from: 2) == 4)
        #expect(bytes.firstOffset(of: Array("**".utf8), from: 5) == nil)
        #expect(bytes.firstOffset(of: Array("c*".utf8)) == 6)
        #expect(bytes.firstOffset(of: Array("c**".utf8)) == nil)
        #expect(bytes.firstOffset(of: []) == nil)
        #expect([UInt8]().firstOffset(of: Array("a".utf8)) == nil)
        #expect(bytes.firstOffset(of: Array("a".utf8), from: 100) == nil)
    }
}
