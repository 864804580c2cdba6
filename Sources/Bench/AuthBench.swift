/// Benchmarks (issue 7): not written yet.
@main
struct AuthBench {
    static func main() {
        print("auth-bench: no benchmarks yet")
    }
}
