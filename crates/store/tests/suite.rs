//! The store's tests, one binary (each file a module): the store is linked once.
//! `cargo test -p goeben-store --test suite <module>::` runs one file's tests.

mod career;
mod crash;
mod full_disk;
mod import;
mod journal;
