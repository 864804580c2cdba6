import Foundation
import Testing

@testable import login

/// `TerminalText.padded` and `columns`: the `label  value` columns of the human output (the
/// sign-in report, `serve`'s banner), as Foundation's `padding(toLength:withPad:startingAt:)`
/// made them before.
@Suite("login: aligned labels")
struct TerminalTextColumnsTests {
    @Test(
        "each label is padded as Foundation pads it, for the widths its lines give",
        arguments: [
            ["user id", "email", "name", "providers", "account", "destination", "expires", "access token"],
            ["Supabase URL", "anon key", "Apple team id", "Identity providers", "Mailbox", "Console", "State"],
            ["id", ""], ["same", "size"],
        ])
    func sameAsFoundation(labels: [String]) {
        let width = labels.map(\.count).max() ?? 0
        for label in labels {
            #expect(TerminalText.padded(label, toWidth: width) == label.padding(toLength: width, withPad: " ", startingAt: 0))
        }
    }

    @Test("a label wider than the column is kept whole")
    func wider() {
        #expect(TerminalText.padded("access token", toWidth: 4) == "access token")
        #expect(TerminalText.padded("id", toWidth: 5) == "id   ")
    }

    @Test("lines are indented by two, their values start two after the longest label, and are kept as given")
    func columns() {
        let lines = TerminalText.columns([("user id", "0f3c"), ("email", "ada@example.com"), ("access token", "\u{1B}[31m")])
        #expect(lines == ["  user id       0f3c", "  email         ada@example.com", "  access token  \u{1B}[31m"])
        #expect(TerminalText.columns([]) == [])
    }
}
