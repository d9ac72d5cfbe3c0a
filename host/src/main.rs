fn main() -> std::process::ExitCode {
    courtrules::cli::main()
}
