//! A full disk and a read-only folder (docs/RELIABILITY.md), on a real tmpfs mounted by the test (root
//! only; otherwise it says it was skipped and why). Full: the step that cannot be written is answered all
//! the same (the shell tells the player once), nothing already written is damaged, and the first write
//! after room is made keeps the whole game as it is then. Read-only: the store cannot be opened, with the
//! error the shell turns into its notice, and the file is left as it was.

use std::path::{Path, PathBuf};
use std::process::Command;

use goeben_referee::api::save;
use goeben_referee::{RulesPack, Session};
use goeben_store::scripted::Player;
use goeben_store::{Store, StoreError};

struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(tag: &str, size: &str) -> Option<Tmpfs> {
        let dir =
            std::env::temp_dir().join(format!("goeben-store-tmpfs-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs(dir))
    }

    fn remount(&self, options: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(status.success(), "remount {options}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Fills the file system to its last block.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let block = vec![0u8; 4096];
    while file.write_all(&block).is_ok() {}
    let _ = file.sync_all();
    path
}

#[test]
fn issue_18_on_a_full_disk_play_goes_on_and_the_first_write_after_room_keeps_the_game() {
    let Some(fs) = Tmpfs::mount("full", "4m") else {
        println!("skipped: mounting a tmpfs needs root");
        return;
    };
    let path = fs.0.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 13);
    let mut player = Player::new(13);
    let mut played = 0;
    while played < 12 {
        let (response, written) = {
            let request = player.request(&session.view());
            store.respond(&mut session, request)
        };
        written.unwrap();
        played += usize::from(response.changed);
    }
    let filler = fill(&fs.0);
    let mut failures = Vec::new();
    let mut applied_while_full = 0;
    while applied_while_full < 40 {
        let (response, written) = {
            let request = player.request(&session.view());
            store.respond(&mut session, request)
        };
        if response.changed {
            applied_while_full += 1;
            assert!(response.ok, "the step is applied whatever the disk says");
            if let Err(e) = written {
                failures.push(e);
            }
            // The snapshot written after the answer, as the shell does: it fails alike, harmlessly.
            if let Err(e) = store.write_due_snapshot(&session) {
                failures.push(e);
            }
        }
    }
    assert!(!failures.is_empty(), "the disk filled up");
    assert!(
        failures.iter().all(|e| *e == StoreError::DiskFull),
        "{failures:?}"
    );
    assert_eq!(failures[0].to_string(), "the disk is full");
    // What is on disk still opens, at a step it committed.
    let opened = Store::open(&path).unwrap().open_game().unwrap();
    assert_eq!(opened.notice, None);
    assert!(opened.session.is_some());
    std::fs::remove_file(filler).unwrap();
    let (response, written) = loop {
        let answer = {
            let request = player.request(&session.view());
            store.respond(&mut session, request)
        };
        if answer.0.changed {
            break answer;
        }
    };
    assert!(response.ok);
    written.expect("written once there is room");
    let opened = Store::open(&path).unwrap().open_game().unwrap();
    assert_eq!(opened.notice, None);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session),
        "the whole game as it is now"
    );
    // A store left as a kill leaves it (its -wal and -shm files beside it), copied while open.
    store.set_wal_autocheckpoint(0).unwrap();
    let request = player.request(&session.view());
    store.respond(&mut session, request).1.unwrap();
    let killed = fs.0.join("killed.sqlite3");
    for end in ["", "-wal", "-shm"] {
        let from = format!("{}{end}", path.display());
        std::fs::copy(&from, format!("{}{end}", killed.display())).unwrap();
    }
    drop(store);
    read_only_refuses_the_store(&fs, &path);
    assert!(std::fs::metadata(format!("{}-wal", killed.display())).is_ok());
    read_only_refuses_the_store(&fs, &killed);
}

/// Read-only: the store is refused at open (the shell plays on in memory and says so), untouched.
fn read_only_refuses_the_store(fs: &Tmpfs, path: &Path) {
    let before = std::fs::read(path).unwrap();
    fs.remount("ro");
    let refused = Store::open(path)
        .err()
        .expect("a read-only folder refuses the store");
    fs.remount("rw");
    assert_eq!(refused, StoreError::ReadOnly, "{refused}");
    assert_eq!(refused.to_string(), "the app's data folder is read-only");
    assert_eq!(std::fs::read(path).unwrap(), before);
}
