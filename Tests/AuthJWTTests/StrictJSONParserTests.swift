import AuthJWT
import Testing

@Suite("Strict JSON parsing")
struct StrictJSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue { try StrictJSONParser.parse(Array(text.utf8)) }

    @Test("valid documents parse, keeping key order")
    func valid() throws {
        let value = try parse(#"{"b":1,"a":[true,false,null,-1.5e3,"x\u00e9\ud83d\ude00"],"c":{}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == .int(1))
        #expect(object["a"]?.arrayValue?[3] == .double(-1500))
        #expect(object["a"]?.arrayValue?[4] == .string("xé😀"))
    }

    @Test(
        "refused: duplicate keys, trailing content, leading zeros, control characters, lone surrogates, bad UTF-8, deep nesting",
        arguments: [
            #"{"a":1,"a":2}"#, #"{"a":1} x"#, "01", "\"a\u{01}b\"", #""\ud800""#, "[1,]", "{,}", "tru", #"{"a" 1}"#,
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "1e999", "",
        ])
    func refused(text: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
    }

    @Test("invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: JSONParseError.self) { try StrictJSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("duplicates are found among many keys too")
    func duplicateAmongMany() {
        let keys = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(throws: JSONParseError.self) { try parse("{\(keys),\"k7\":0}") }
    }

    @Test("serialisation round-trips")
    func roundTrip() throws {
        let object: JSONObject = [
            "s": .string("a\"b\\c\n/"), "n": .int(-3), "d": .double(0.5), "o": .object(["x": .null]), "a": .array([.bool(true)]),
        ]
        #expect(try parse(object.jsonString) == .object(object))
    }
}
