//! Reads a counter's QR code from one camera frame of grey pixels: the desktop webcam scanner's decoder.
//!
//! The webview captures the camera and the shell hands each frame here; a frame is checked (size, pixel
//! count), then searched with `rqrr` within a budget of looks at its pixels, so a crafted frame can neither
//! crash the app (rqrr's asserts unwind into "no code") nor keep it searching for minutes. Free of Tauri, so
//! the fuzz target (`fuzz/src/game.rs`, `webcam_frame`) exercises this very code.

/// Largest frame accepted, in pixels (a 1920×1080 picture); larger ones are refused unread.
pub const FRAME_MAX_PIXELS: usize = 1920 * 1080;

/// Finds a QR code in a frame of `width` × `height` grey pixels, one byte each, row by row.
pub fn decode_grey(width: usize, height: usize, pixels: &[u8]) -> Result<Option<String>, String> {
    if width == 0 || height == 0 {
        return Err("the frame is empty".into());
    }
    let Some(size) = width.checked_mul(height).filter(|&n| n <= FRAME_MAX_PIXELS) else {
        return Err(format!(
            "the frame is larger than {FRAME_MAX_PIXELS} pixels"
        ));
    };
    if pixels.len() != size {
        return Err(format!(
            "a {width}×{height} frame has {size} pixels, not {}",
            pixels.len()
        ));
    }
    // rqrr 0.11 panics on some crafted frames (an assert in `Perspective::map`, WanzenBug/rqrr#54, found by
    // fuzzing: fuzz/regressions/webcam_frame/): a frame it cannot read is a frame with no code, never a
    // crash. (This needs panics to unwind, as they do in every profile of this app.) It can also search for
    // minutes on others (see `MeteredFrame`); running out of its budget unwinds the same way.
    // Under libFuzzer (`cfg(fuzzing)`) every panic aborts through libfuzzer-sys's panic hook, caught or not;
    // the app's hook only prints. So the fuzz build lends the rqrr call a silent hook, and a caught rqrr
    // panic is what it is in the app: no code in this frame. Any panic outside this call still aborts.
    #[cfg(fuzzing)]
    let fuzzer_hook = std::panic::take_hook();
    #[cfg(fuzzing)]
    std::panic::set_hook(Box::new(|_| {}));
    let decoded = std::panic::catch_unwind(|| read_code(width, height, pixels, rqrr_budget(size)));
    #[cfg(fuzzing)]
    std::panic::set_hook(fuzzer_hook);
    Ok(decoded.unwrap_or(None))
}

/// How many looks at a frame's pixels (or at its size) rqrr may take on a frame of `pixels` pixels.
///
/// rqrr 0.11's search for a code's alignment pattern spirals outwards over an area it estimates from the
/// finder patterns, and never checks that estimate against the image (quirc's same search: dlbeer/quirc#162).
/// Found by fuzzing (fuzz/regressions/webcam_frame/rqrr-slow-58x58.frame): on a crafted 58×124 frame the
/// estimate is 51.7 million pixels and the one search walks about 5·10⁹ points, nearly all outside the
/// frame: 15 to 25 s in a release build (about two minutes under the fuzzer). Reading a real code costs rqrr
/// about 1.2 million looks (as many in a small frame as in a large one) plus a few a pixel; a 640×480 frame
/// of 24 printed codes, 35 million on white paper, 69 million on noisy grey; 1920×1080 with 50 codes, 290
/// million. The budget leaves room for that (a 640×480 frame: 143 million, about half a second of real work)
/// and stops the runaway search within about 0.1 s on a small frame.
fn rqrr_budget(pixels: usize) -> u64 {
    256 * pixels as u64 + 64_000_000
}

/// The first QR code rqrr finds and decodes in a checked frame, with `budget` looks at it; unwinds with
/// `OutOfBudget` when they run out.
fn read_code(width: usize, height: usize, pixels: &[u8], budget: u64) -> Option<String> {
    let left = std::cell::Cell::new(budget);
    let frame = MeteredFrame {
        width: width as u32,
        height: height as u32,
        pixels: pixels.to_vec(),
        left: &left,
    };
    let mut prepared = rqrr::PreparedImage::prepare(frame);
    // The first grid that decodes wins: a counter sheet shows one code in the frame at a time.
    prepared
        .detect_grids()
        .into_iter()
        .find_map(|grid| grid.decode().ok().map(|(_, text)| text))
}

/// Unwinds out of rqrr when a frame's budget is spent (with `resume_unwind`, so no panic hook runs: not the
/// app's, which would print, nor libFuzzer's, which would abort).
struct OutOfBudget;

/// A grey frame as rqrr reads it, through the `image` crate's traits (rqrr's default `img` feature reads
/// any `GenericImage` of `Luma<u8>`): rqrr's own work has no limit and no way to stop it, but every look it
/// takes at the frame goes through here and is counted, and when `left` runs out it is stopped. rqrr clones
/// the frame to try a group of finder patterns; a clone spends from the same budget.
#[derive(Clone)]
struct MeteredFrame<'a> {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    left: &'a std::cell::Cell<u64>,
}

impl MeteredFrame<'_> {
    fn spend(&self) {
        match self.left.get().checked_sub(1) {
            Some(left) => self.left.set(left),
            None => std::panic::resume_unwind(Box::new(OutOfBudget)),
        }
    }
}

impl image::GenericImageView for MeteredFrame<'_> {
    type Pixel = image::Luma<u8>;

    fn dimensions(&self) -> (u32, u32) {
        self.spend();
        (self.width, self.height)
    }

    fn get_pixel(&self, x: u32, y: u32) -> image::Luma<u8> {
        self.spend();
        image::Luma([self.pixels[y as usize * self.width as usize + x as usize]])
    }
}

impl image::GenericImage for MeteredFrame<'_> {
    fn get_pixel_mut(&mut self, x: u32, y: u32) -> &mut image::Luma<u8> {
        unreachable!("rqrr writes pixels with put_pixel ({x}, {y})")
    }

    fn put_pixel(&mut self, x: u32, y: u32, pixel: image::Luma<u8>) {
        self.spend();
        self.pixels[y as usize * self.width as usize + x as usize] = pixel.0[0];
    }

    fn blend_pixel(&mut self, x: u32, y: u32, pixel: image::Luma<u8>) {
        self.put_pixel(x, y, pixel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goeben_referee::api::codes;
    use goeben_referee::RulesPack;

    /// The frame the fuzzer found rqrr 0.11 asserting on (WanzenBug/rqrr#54) reads as a frame with no code;
    /// the app does not panic.
    #[test]
    fn a_frame_rqrr_panics_on_reads_as_no_code() {
        let bytes = include_bytes!(
            "../../../fuzz/regressions/webcam_frame/rqrr-perspective-map-assert.frame"
        );
        let pixels = &bytes[4..];
        let width = (u16::from_le_bytes([bytes[0], bytes[1]]) as usize).clamp(1, pixels.len());
        let height = pixels.len() / width;
        assert_eq!(
            decode_grey(width, height, &pixels[..width * height]),
            Ok(None)
        );
    }

    /// The frame the fuzzer found rqrr 0.11 searching on for minutes (an alignment-pattern search with no
    /// bound) reads as a frame with no code, within its budget: about 0.1 s in release, not 15 to 25 s.
    #[test]
    fn a_frame_rqrr_searches_for_minutes_reads_as_no_code_at_once() {
        let bytes = include_bytes!("../../../fuzz/regressions/webcam_frame/rqrr-slow-58x58.frame");
        let pixels = &bytes[4..];
        let width = (u16::from_le_bytes([bytes[0], bytes[1]]) as usize).clamp(1, pixels.len());
        let height = pixels.len() / width;
        let started = std::time::Instant::now();
        assert_eq!(
            decode_grey(width, height, &pixels[..width * height]),
            Ok(None)
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    /// The budget leaves room to spare for real codes: printed codes at three camera distances decode with a
    /// tenth of it, and a 640×480 frame (the UI's size) showing a sheet of 24 codes with half of it.
    #[test]
    fn a_real_code_decodes_well_within_the_rqrr_budget() {
        for (code, scale) in [
            ("GO1-GW47-O", 2),
            ("GO1-I97N-L", 3),
            ("https://example.org", 5),
        ] {
            let (side, pixels) = frame_of(code, scale);
            assert_eq!(
                read_code(side, side, &pixels, rqrr_budget(side * side) / 10),
                Some(code.to_string())
            );
        }
        let (width, height) = (640, 480);
        let mut sheet = vec![200u8; width * height];
        for (i, (x, y)) in (0..6)
            .flat_map(|x| (0..4).map(move |y| (x * 97, y * 97)))
            .enumerate()
        {
            let (side, pixels) = frame_of(&format!("GO1-G{i:02}7-O"), 3);
            for row in 0..side {
                sheet[(y + row) * width + x..][..side]
                    .copy_from_slice(&pixels[row * side..][..side]);
            }
        }
        assert!(
            read_code(width, height, &sheet, rqrr_budget(width * height) / 2)
                .is_some_and(|code| code.starts_with("GO1-G"))
        );
    }

    /// A code drawn as a camera might see it: `scale` pixels a module, a quiet zone, grey paper.
    fn frame_of(text: &str, scale: usize) -> (usize, Vec<u8>) {
        let qr = qrcode::QrCode::new(text.as_bytes()).expect("encodes");
        let modules = qr.width();
        let colors = qr.to_colors();
        let side = (modules + 8) * scale;
        let mut pixels = vec![200u8; side * side];
        for y in 0..side {
            for x in 0..side {
                let (mx, my) = ((x / scale).wrapping_sub(4), (y / scale).wrapping_sub(4));
                if mx < modules && my < modules && colors[my * modules + mx] == qrcode::Color::Dark
                {
                    pixels[y * side + x] = 30;
                }
            }
        }
        (side, pixels)
    }

    #[test]
    fn a_printed_counter_code_is_read_from_a_frame() {
        let pack = RulesPack::standard();
        let coded = codes::all(&pack);
        assert!(coded.len() > 20);
        // Every eighth piece: each kind of counter, at two camera distances.
        for (i, (_, code)) in coded.iter().enumerate().step_by(8) {
            let (side, pixels) = frame_of(code, 3 + i % 3);
            assert_eq!(
                decode_grey(side, side, &pixels),
                Ok(Some(code.clone())),
                "{code}"
            );
        }
    }

    #[test]
    fn a_frame_without_a_code_finds_nothing() {
        let pixels: Vec<u8> = (0..320 * 240).map(|i| ((i * 7919) % 251) as u8).collect();
        assert_eq!(decode_grey(320, 240, &pixels), Ok(None));
        assert_eq!(decode_grey(4, 4, &[255; 16]), Ok(None));
    }

    #[test]
    fn bad_frames_are_refused_with_the_reason() {
        assert_eq!(decode_grey(0, 10, &[]), Err("the frame is empty".into()));
        assert!(decode_grey(10, 10, &[0; 99])
            .unwrap_err()
            .contains("not 99"));
        assert!(decode_grey(100_000, 100_000, &[])
            .unwrap_err()
            .contains("larger than"));
        assert!(decode_grey(usize::MAX, 2, &[]).is_err());
    }
}
