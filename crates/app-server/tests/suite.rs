//! The app server's tests, one binary: each module a file of this folder.

mod served;
