import Foundation
import Testing

@testable import AuthSimulation

/// CSV and timestamps as PostgreSQL writes them (PostgreSQL documentation, "COPY" CSV format:
/// an unquoted empty field is NULL, a quoted one the empty string, quotes doubled; "Date/Time
/// Output": `2024-01-02 03:04:05.123456+00`), read strictly with the row's number.
@Suite("Seeding: psql CSV and timestamps")
struct PsqlCSVTests {
    @Test("NULL, the empty string, quotes, commas and line breaks read back as written")
    func roundTrip() throws {
        let rows: [[String?]] = [["a", nil, ""], ["with, comma", "say \"hi\"", "two\nlines"], ["{\"k\": [1, 2]}", "t", "x"]]
        let text = PsqlCSV.write(columns: ["one", "two", "three"], rows: rows)
        #expect(text.hasPrefix("one,two,three\na,,\"\"\n"))
        let table = try PsqlCSV(parsing: Array(text.utf8))
        #expect(table.columns == ["one", "two", "three"])
        #expect(table.rows == rows)
    }

    @Test(
        "a broken row is refused with its number, counted from 1 after the header",
        arguments: [
            ("a,b\n1,2\n3\n", 2), ("a,b\n1,\"2\n", 1), ("a,b\n1,2\n3,4\"\n", 2), ("a,b\n1,\"2\"x\n", 1),
        ])
    func refused(text: String, row: Int) {
        #expect { try PsqlCSV(parsing: Array(text.utf8)) } throws: { ($0 as? UserSeedError)?.row == row }
    }

    @Test("a header that names a column twice, or no header, is refused")
    func header() {
        #expect(throws: UserSeedError.self) { try PsqlCSV(parsing: Array("a,a\n1,2\n".utf8)) }
        #expect(throws: UserSeedError.self) { try PsqlCSV(parsing: []) }
    }

    @Test("timestamps in text and row_to_json form, with and without zones")
    func timestamps() throws {
        let date = try #require(PostgresTimestamp.parse("2024-01-02 03:04:05.123456+00"))
        #expect(PostgresTimestamp.text(date) == "2024-01-02 03:04:05.123456+00")
        #expect(PostgresTimestamp.json(date) == "2024-01-02T03:04:05.123456+00:00")
        #expect(PostgresTimestamp.parse("2024-01-02T05:04:05.123456+02:00") == date)
        #expect(PostgresTimestamp.parse("2024-01-02T03:04:05.123456Z") == date)
        #expect(PostgresTimestamp.parse("2024-01-02 03:04:05+00").map(PostgresTimestamp.text) == "2024-01-02 03:04:05+00")
        for bad in ["", "2024-13-02 03:04:05+00", "2024-01-02", "2024-01-02 03:04:05+0", "yesterday", "2024-01-02 03:04:05.+00"] {
            #expect(PostgresTimestamp.parse(bad) == nil, "\(bad)")
        }
    }
}
