import Foundation

/// Limits Tesseract's OpenMP to one thread. On two cores its OpenMP threads made OCR about
/// eight times slower (186 s against 23 s for twelve pages); batch work gets its parallelism
/// from whole-page workers instead.
///
/// libgomp reads `OMP_THREAD_LIMIT` once, when it is loaded — before `main` runs — and
/// Tesseract's `num_threads` clauses override `omp_set_num_threads`, so the only reliable
/// way is to have the variable in the environment at load time: if it is not, set it and
/// replace this process with a fresh copy of itself.
enum OpenMPThreadLimit {
    static let variable = "OMP_THREAD_LIMIT"
    static let value = "1"

    static func applyBeforeLibrariesStart() {
        guard ProcessInfo.processInfo.environment[variable] != value else { return }
        setenv(variable, value, 1)
        let arguments = CommandLine.arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        cArguments.append(nil)
        execv("/proc/self/exe", &cArguments)
        // exec failed (no /proc?): carry on; only OCR speed suffers.
    }
}
