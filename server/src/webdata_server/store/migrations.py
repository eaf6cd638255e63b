"""The database file's schema: its migrations, in order, applied once each (``PRAGMA user_version``
counts those applied). A migration is never edited once released; a change is a new one."""

from __future__ import annotations

import hashlib
import sqlite3

__all__ = ["MIGRATIONS", "apply", "needs_vacuum", "sha256", "statements"]

MIGRATIONS = [
    # 1: the initial schema.
    """
    CREATE TABLE teams (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        plan_tokens INTEGER,
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        rate_limit_per_minute INTEGER NOT NULL DEFAULT 0,
        max_concurrency INTEGER NOT NULL DEFAULT 0,
        tp_enabled INTEGER NOT NULL DEFAULT 0,
        tp_enforced INTEGER NOT NULL DEFAULT 0,
        tp_overrides_disabled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
    );
    CREATE TABLE api_keys (
        key TEXT PRIMARY KEY,
        team_id TEXT NOT NULL REFERENCES teams(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        url TEXT,
        request TEXT NOT NULL,
        result TEXT,
        total INTEGER NOT NULL DEFAULT 0,
        completed INTEGER NOT NULL DEFAULT 0,
        credits_used INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finishes_at TEXT NOT NULL
    );
    CREATE INDEX jobs_team_kind_status ON jobs(team_id, kind, status);
    CREATE INDEX jobs_due ON jobs(status, finishes_at);
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        operation TEXT NOT NULL,
        credits INTEGER NOT NULL,
        job_id TEXT,
        created_at TEXT NOT NULL
    );
    CREATE INDEX ledger_team_time ON ledger(team_id, created_at);
    CREATE TABLE scrape_cache (
        url TEXT NOT NULL,
        tag TEXT NOT NULL DEFAULT '',
        fetched_at TEXT NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (url, tag, fetched_at)
    );
    """,
    # 2: what each scrape request carried beyond its URL (profile, audit metadata, proxy).
    """
    CREATE TABLE scrape_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        url TEXT,
        profile_name TEXT,
        profile_save_changes INTEGER,
        audit_username TEXT,
        proxy TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 3: keys are stored as SHA-256 hashes under a public identifier (key_…); jobs, the ledger and
    # the scrape log refer to that identifier, never to the secret. webdata_sha256 is registered
    # on the connection by Database._migrate; existing keys keep working and keep their history.
    """
    ALTER TABLE api_keys RENAME TO api_keys_plain;
    CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        secret_sha256 TEXT NOT NULL UNIQUE,
        team_id TEXT NOT NULL REFERENCES teams(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    INSERT INTO api_keys (id, secret_sha256, team_id, name, created_at)
        SELECT 'key_' || substr(webdata_sha256('id:' || key), 1, 16), webdata_sha256(key), team_id, name, created_at FROM api_keys_plain;
    DROP TABLE api_keys_plain;
    UPDATE jobs SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    UPDATE ledger SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    UPDATE scrape_log SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    ALTER TABLE jobs RENAME COLUMN api_key TO key_id;
    ALTER TABLE ledger RENAME COLUMN api_key TO key_id;
    ALTER TABLE scrape_log RENAME COLUMN api_key TO key_id
    """,
    # 4: running totals kept beside the ledger, in the same transaction as each ledger row, so a
    # charge and a balance read cost the same whatever the ledger holds. `balances` holds the
    # credits of one team in one billing period (filled from the ledger the first time the period
    # is read); `usage_by_month` the credits per calendar month and key (filled here, once).
    """
    CREATE TABLE balances (
        team_id TEXT NOT NULL REFERENCES teams(id),
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        credits INTEGER NOT NULL,
        PRIMARY KEY (team_id, period_start, period_end)
    );
    CREATE TABLE usage_by_month (
        team_id TEXT NOT NULL REFERENCES teams(id),
        month TEXT NOT NULL,
        key_id TEXT NOT NULL,
        credits INTEGER NOT NULL,
        PRIMARY KEY (team_id, month, key_id)
    );
    INSERT INTO usage_by_month (team_id, month, key_id, credits)
        SELECT team_id, substr(created_at, 1, 7), key_id, SUM(credits) FROM ledger GROUP BY team_id, substr(created_at, 1, 7), key_id
    """,
    # 5: batch scrapes and crawls progress page by page. `job_runs` holds a job's pace from its
    # kickoff; `job_pages` every page it will visit (or that robots.txt kept out), in visiting
    # order, with the order it finished in, its document or error, and what it was charged.
    """
    CREATE TABLE job_runs (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id),
        kicked_off_at TEXT NOT NULL,
        interval REAL NOT NULL,
        group_size INTEGER NOT NULL
    );
    CREATE TABLE job_pages (
        job_id TEXT NOT NULL REFERENCES jobs(id),
        seq INTEGER NOT NULL,
        url TEXT NOT NULL,
        depth INTEGER NOT NULL,
        parent INTEGER NOT NULL,
        state TEXT NOT NULL,
        finished INTEGER,
        finished_at TEXT,
        document TEXT,
        code TEXT,
        error TEXT,
        credits INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (job_id, seq)
    );
    CREATE INDEX job_pages_finished ON job_pages(job_id, finished)
    """,
    # 6: the idempotency keys start requests came with (a key is used once, by anyone).
    """
    CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        created_at TEXT NOT NULL
    )
    """,
    # 7: the running totals kept in step by SQLite itself, inside the ledger row's own INSERT. Python's
    # sqlite3 gives the GIL up and takes it back around every statement, so each statement of a
    # charge was two thread switches against the event loop; a charge is now one statement.
    """
    CREATE TRIGGER ledger_totals AFTER INSERT ON ledger
    BEGIN
        INSERT INTO usage_by_month (team_id, month, key_id, credits)
        VALUES (NEW.team_id, substr(NEW.created_at, 1, 7), NEW.key_id, NEW.credits)
        ON CONFLICT (team_id, month, key_id) DO UPDATE SET credits = credits + excluded.credits;
        UPDATE balances SET credits = credits + NEW.credits
        WHERE team_id = NEW.team_id AND period_start <= NEW.created_at AND period_end > NEW.created_at;
    END
    """,
    # 8: a count of the changes to teams and keys, kept by SQLite whoever writes them: how a server
    # notices another process's changes to the keys it has read (store.auth.AuthWatch).
    """
    CREATE TABLE auth_version (n INTEGER NOT NULL);
    INSERT INTO auth_version (n) VALUES (0);
    CREATE TRIGGER teams_inserted AFTER INSERT ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER teams_updated AFTER UPDATE ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER teams_deleted AFTER DELETE ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_inserted AFTER INSERT ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_updated AFTER UPDATE ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END
    """,
    # 9: the job an idempotency key started, claimed in the same unit as the job (a crash leaves
    # both or neither), so that a retry with the key can be told which job it started.
    """
    ALTER TABLE idempotency_keys ADD COLUMN job_id TEXT;
    ALTER TABLE idempotency_keys ADD COLUMN team_id TEXT
    """,
    # 10: monitors, their checks and the checks' pages, each page's last snapshot, the email
    # recipients' subscriptions and the local outbox of the emails a monitor sends.
    """
    CREATE TABLE monitors (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL REFERENCES teams(id),
        key_id TEXT NOT NULL,
        status TEXT NOT NULL,
        next_run_at TEXT,
        document TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX monitors_team ON monitors(team_id, created_at);
    CREATE INDEX monitors_due ON monitors(status, next_run_at);
    CREATE TABLE monitor_checks (
        id TEXT PRIMARY KEY,
        monitor_id TEXT NOT NULL,
        team_id TEXT NOT NULL,
        status TEXT NOT NULL,
        document TEXT NOT NULL,
        work TEXT,
        created_at TEXT NOT NULL
    );
    CREATE INDEX monitor_checks_monitor ON monitor_checks(monitor_id, created_at);
    CREATE INDEX monitor_checks_status ON monitor_checks(status);
    CREATE TABLE monitor_check_pages (
        id TEXT PRIMARY KEY,
        check_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        status TEXT NOT NULL,
        document TEXT NOT NULL
    );
    CREATE INDEX monitor_check_pages_check ON monitor_check_pages(check_id, seq);
    CREATE TABLE monitor_snapshots (
        monitor_id TEXT NOT NULL,
        target_id TEXT NOT NULL,
        url TEXT NOT NULL,
        scrape_id TEXT,
        markdown TEXT,
        json TEXT,
        removed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (monitor_id, target_id, url)
    );
    CREATE TABLE monitor_recipients (
        monitor_id TEXT NOT NULL,
        email TEXT NOT NULL,
        status TEXT NOT NULL,
        source TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        confirmation_sent INTEGER NOT NULL,
        PRIMARY KEY (monitor_id, email)
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        monitor_id TEXT,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        kind TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX outbox_team ON outbox(team_id, id)
    """,
    # 11: scrapes kept under their id (interact replays them), browser sessions (their page as
    # JSON, so a session outlives a restart, and what ending them billed) and saved profiles.
    """
    CREATE TABLE scrapes (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        url TEXT,
        options TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX scrapes_created ON scrapes(created_at);
    CREATE INDEX scrapes_team ON scrapes(team_id, created_at);
    CREATE TABLE browser_sessions (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        key_id TEXT NOT NULL,
        scrape_id TEXT UNIQUE,
        status TEXT NOT NULL,
        ttl INTEGER NOT NULL,
        activity_ttl INTEGER NOT NULL,
        stream_web_view INTEGER NOT NULL,
        profile_name TEXT,
        profile_writes INTEGER NOT NULL DEFAULT 0,
        used_prompt INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        last_activity TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        ended_at TEXT,
        duration_ms INTEGER,
        credits_billed INTEGER,
        state TEXT NOT NULL
    );
    CREATE INDEX browser_sessions_team ON browser_sessions(team_id, status, created_at);
    CREATE INDEX browser_sessions_due ON browser_sessions(status, ends_at);
    CREATE UNIQUE INDEX browser_sessions_one_writer ON browser_sessions(team_id, profile_name) WHERE status = 'active' AND profile_writes = 1;
    CREATE TABLE browser_profiles (
        team_id TEXT NOT NULL,
        name TEXT NOT NULL,
        state TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (team_id, name)
    )
    """,
    # 12: the requests a team may rate (search, scrape, parse, map: what each cost and its refund
    # class) and the feedback given, one per request; a refund is a negative ledger row.
    """
    CREATE TABLE feedback_jobs (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        credits INTEGER NOT NULL,
        refund_class TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX feedback_jobs_created ON feedback_jobs(created_at);
    CREATE TABLE feedback (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        job_id TEXT NOT NULL,
        rating TEXT NOT NULL,
        body TEXT NOT NULL,
        credits_refunded INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (team_id, endpoint, job_id)
    );
    CREATE INDEX feedback_team_created ON feedback(team_id, created_at)
    """,
    # 13: a team's active jobs by state, whatever their kind (queue status, the concurrency check
    # at every start): through (team_id, kind, status) each read walked the team's whole history.
    """
    CREATE INDEX jobs_team_status ON jobs(team_id, status)
    """,
]


def statements(script: str) -> list[str]:
    """The statements of a migration script, split at semicolons that end one (not those inside a
    trigger's body)."""
    statements: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        statements.append(pending.strip())
    return statements


# The migration after which no secret may be left anywhere in the file.
_KEYS_HASHED = 3


def sha256(text: str) -> str:
    # Keys are 128 random bits: a fast hash is enough (no password stretching needed).
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def apply(db: sqlite3.Connection) -> int:
    """Applies the migrations ``db`` lacks, inside the caller's transaction; the version it had."""
    db.create_function("webdata_sha256", 1, sha256, deterministic=True)
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        for statement in statements(script):
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {number}")
    return version


def needs_vacuum(before: int) -> bool:
    """Whether a file migrated from version ``before`` may still hold plain keys in freed pages and
    the WAL (migration 3 purged them from the tables): the caller vacuums it."""
    return 0 < before < _KEYS_HASHED
