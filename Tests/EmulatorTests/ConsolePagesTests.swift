import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// What the console's pages show: the users of both services, one user in full, the mailbox,
/// every value escaped, and the digest their live refresh polls.
@Suite("Console: pages")
struct ConsolePagesTests {
    @Test("a value containing <script> shows as text, in the table and on the user page")
    func escaping() async throws {
        let sut = try await EmulatorHarness.make()
        let hostile = #"<script>alert("x")</script><img src=x onerror=alert(1)>"#
        let body = JSONValue.object(["data": .object(["full_name": .string(hostile)])]).jsonString
        let user = try #require(await sut.supabase("POST", "signup", json: body).object["user"]?.objectValue?["id"]?.stringValue)
        for page in [await sut.console("GET", "/console").text, await sut.console("GET", sut.consolePath(supabase: user)).text] {
            #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!page.contains("<script>alert") && !page.contains("<img"))
        }
        let search = await sut.console("GET", "/console?q=%22%3E%3Cscript%3E").text
        #expect(search.contains("value=\"&quot;&gt;&lt;script&gt;\"") && !search.contains("\"><script>"))
    }

    @Test("the users table holds both services' users, newest first, with every column, and searches by email or id")
    func usersTable() async throws {
        let sut = try await EmulatorHarness.make()
        let ada = try #require(try await sut.appleSession(email: "ada@example.com")["user"]?.objectValue?["id"]?.stringValue)
        sut.world.clock.advance(by: 1)
        let grace = try #require(try await sut.firebaseAppleSession(email: "grace@example.com")["localId"]?.stringValue)
        sut.world.clock.advance(by: 1)
        let guest = try #require(await sut.supabase("POST", "signup", json: "{}").object["user"]?.objectValue?["id"]?.stringValue)

        let page = await sut.console("GET", "/console")
        #expect(page.status == 200 && page.tableRows == 3)
        for header in ["Service", "ID", "Email", "Confirmed", "Name", "Providers", "Anonymous", "Banned", "Created", "Last sign-in"] {
            #expect(page.text.contains("<th scope=\"col\">\(header)</th>"))
        }
        let order = [guest, grace, ada].map { page.text.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "newest first")
        #expect(page.text.contains("Firebase <span class=\"note\">(\(sut.project))</span>") && page.text.contains("apple.com"))
        #expect(page.text.contains("1–3 of 3 users"))

        let byEmail = await sut.console("GET", "/console?q=GRACE%40example")
        #expect(byEmail.tableRows == 1 && byEmail.text.contains(grace))
        let byID = await sut.console("GET", "/console?q=" + ada.prefix(8))
        #expect(byID.tableRows == 1 && byID.text.contains("ada@example.com"))
        #expect(await sut.console("GET", "/console?q=nobody").text.contains("No user's email or id contains “nobody”."))
    }

    @Test("a user's page: identities with subjects and emails, metadata, sessions with their times, the Apple authorization")
    func userPage() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.appleSession()
        let user = try #require(session["user"]?.objectValue)
        let identity = try #require(user["identities"]?.arrayValue?.first?.objectValue)
        let subject = try #require(identity["id"]?.stringValue)
        sut.world.clock.advance(by: 20)
        #expect(await sut.supabaseRefresh(session).status == 200)

        let page = await sut.console("GET", sut.consolePath(supabase: try #require(user["id"]?.stringValue)))
        #expect(page.status == 200)
        let text = page.text
        #expect(text.contains("<h1>ada@example.com</h1>") && text.contains("ada@example.com (verified)"))
        #expect(text.contains("<th scope=\"row\">apple</th><td class=\"mono\">\(subject)</td><td>ada@example.com</td>"))
        #expect(text.contains("<dt>user_metadata</dt>") && text.contains("&quot;email_verified&quot; : true"))
        let sessionID = try #require(
            session["access_token"]?.stringValue.flatMap { try? CompactJWS(parsing: $0) }?.payload["session_id"]?.stringValue)
        #expect(text.contains(sessionID) && text.contains("none (until sign-out)"))
        let refreshed = ConsoleClock.text(sut.world.clock.now)
        #expect(text.components(separatedBy: refreshed).count >= 2, "the last refresh, 20 s after the sign-in")
        #expect(text.contains("\(sut.world.appleClientID) <span class=\"note\">(served here)</span>") && text.contains(subject))
        #expect(await sut.console("GET", "/console/users/supabase/00000000-0000-0000-0000-000000000000").status == 404)
        #expect(await sut.console("GET", "/console/users/elsewhere/x").status == 404)
    }

    @Test("the mailbox lists every message with its code, newest first, in all and per address")
    func mailbox() async throws {
        let sut = try await EmulatorHarness.make()
        for email in ["first@example.com", "second@example.com"] {
            #expect(await sut.supabase("POST", "otp", json: #"{"email":"\#(email)"}"#).status == 200)
            sut.world.clock.advance(by: 61)
        }
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"first@example.com"}"#).status == 200)
        let mailbox = sut.world.services.mailbox
        let codes = await mailbox.messages(for: "first@example.com").map(\.code) + mailbox.messages(for: "second@example.com").map(\.code)

        let all = await sut.console("GET", "/console/mail")
        #expect(all.tableRows == 3 && all.text.contains("1–3 of 3 messages"))
        let positions = [codes[1], codes[2], codes[0]].map { all.text.range(of: "<code class=\"code\">\($0)</code>")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions == positions.sorted { $0! < $1! }, "newest first")
        #expect(all.text.contains("aria-label=\"Open the link mailed to first@example.com\""))

        let one = await sut.console("GET", "/console/mail?to=FIRST%40example.com")
        #expect(one.tableRows == 2 && one.text.contains("<h1>Mail to first@example.com</h1>") && !one.text.contains(codes[2]))
        #expect(await sut.console("GET", "/console/mail?to=nobody%40example.com").text.contains("No mail to nobody@example.com."))
    }

    @Test("the live digest of a page changes when what it shows changes, and only then")
    func liveDigest() async throws {
        let sut = try await EmulatorHarness.make()
        let live = "/console/live?page=" + "/console?q=".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let before = await sut.console("GET", live)
        #expect(before.status == 200 && before.text.count == 16)
        #expect(await sut.console("GET", "/console").header("X-Console-Digest") == before.text)
        #expect(await sut.console("GET", live).text == before.text)
        _ = try await sut.appleSession()
        #expect(await sut.console("GET", live).text != before.text)
        let mail = await sut.console("GET", "/console/live?page=%2Fconsole%2Fmail").text
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"live@example.com"}"#).status == 200)
        #expect(await sut.console("GET", "/console/live?page=%2Fconsole%2Fmail").text != mail)
        for page in ["%2Fauth%2Fv1%2Fsettings", "%2Fconsole%2Flive", ""] {
            #expect(await sut.console("GET", "/console/live?page=" + page).status == 400, "\(page)")
        }
    }

    @Test("unknown console paths are 404 pages; a wrong method is 405 with Allow")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        let missing = await sut.console("GET", "/console/nothing")
        #expect(missing.status == 404 && missing.header("Content-Type")?.hasPrefix("text/html") == true)
        let wrong = await sut.console("DELETE", "/console/mail")
        #expect(wrong.status == 405 && wrong.header("Allow") == "GET")
    }
}

/// How the console writes a time, for matching it in a page.
enum ConsoleClock {
    static func text(_ date: Date) -> String {
        date.formatted(.iso8601).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
    }
}
