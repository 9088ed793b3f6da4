//! Counter codes (docs/CODES.md): `scheme` makes and reads the code of every physical piece; `scan`
//! answers a scanned code with public facts only.

pub mod scan;
pub mod scheme;

pub use scan::*;
pub use scheme::*;
