"""The world daily's first schema: days, accounts, runs, actions, skill jobs, rate hits.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    tz = sa.DateTime(timezone=True)
    op.create_table(
        "days",
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("engine", sa.Text, nullable=False),
        sa.Column("created_at", tz, nullable=False),
        sa.Column("closed_at", tz),
        sa.Column("transcript_digest", sa.String(64)),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("recovery_hash", sa.String(64)),
        sa.Column("created_at", tz, nullable=False),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("day", sa.Date, sa.ForeignKey("days.day"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("opening", sa.Text, nullable=False),
        sa.Column("chain", sa.String(64), nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("margin_total", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("started_at", tz, nullable=False),
        sa.Column("ended_at", tz),
        sa.UniqueConstraint("account_id", "day", name="one_run_per_account_and_day"),
    )
    op.create_index("runs_by_day", "runs", ["day", "score"])
    op.create_table(
        "actions",
        sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("word", sa.String(8), nullable=False),
        sa.Column("replies", sa.Text, nullable=False),
        sa.Column("receipt", sa.String(64), nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("created_at", tz, nullable=False),
        sa.UniqueConstraint("run_id", "seq", name="one_action_per_seq"),
    )
    op.create_table(
        "skill_jobs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id"), nullable=False),
        sa.Column("match", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("done", sa.Boolean, nullable=False),
        sa.Column("difference", sa.Integer),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("error", sa.Text),
        sa.UniqueConstraint("run_id", "match", "hand", name="one_job_per_hand"),
    )
    op.create_index("skill_jobs_pending", "skill_jobs", ["done", "id"])
    op.create_table(
        "rate_hits",
        sa.Column("bucket", sa.String(96), primary_key=True),
        sa.Column("hits", sa.Integer, nullable=False),
        sa.Column("expires", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for table in ("rate_hits", "skill_jobs", "actions", "runs", "accounts", "days"):
        op.drop_table(table)
