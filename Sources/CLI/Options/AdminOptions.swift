import ArgumentParser

/// The credentials of the admin commands (`login users`, `login reset`) against a remote
/// backend. Embedded, the in-process services need none.
struct AdminOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            The Supabase service-role key, with --supabase-url (default: the service_role.key that login serve wrote in the state\
             directory, when it serves that URL).
            """,
            valueName: "key"))
    var serviceRoleKey: String?
}
