/// Fuzz entry points (issue 7): not written yet.
@main
struct FuzzEntry {
    static func main() {
        print("auth-fuzz: no fuzz targets yet")
    }
}
