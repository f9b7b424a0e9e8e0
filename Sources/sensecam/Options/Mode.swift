/// `--mode aware|read` of `batch` and `bench`: which pipeline runs.
enum Mode: String, CaseIterable, Sendable {
    case aware, read
}
