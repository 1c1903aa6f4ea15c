//! Records the compiler's version for GET /diag ("runtime"): a Rust binary has no runtime to ask.
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = Command::new(rustc).arg("--version").output().expect("rustc --version");
    let version = String::from_utf8(out.stdout).expect("utf-8");
    println!("cargo:rustc-env=TPM_RUSTC_VERSION={}", version.trim());
    println!("cargo:rerun-if-env-changed=RUSTC");
}
