"""The databases family (databases' command-line clients and tools;
shell/families/databases.py, SQL read by shell/sql.py): commands it must
stop (asked by default: shell/severity.py) and commands that must stay
allowed, every row through the analysis, bash-check and the installed hook
(see familykit)."""

from __future__ import annotations

import pytest
from familykit import A, family_tests, workspace_fixture

from shell import sql

FAMILY = "databases"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("psql -c 'DROP TABLE users'", "data-destroy"),
    ("psql -d app -c \"DELETE FROM users\"", "data-destroy"),
    ("psql -h db -U admin --command='truncate table logs'", "data-destroy"),
    ("psql app <<'SQL'\nBEGIN;\nDROP DATABASE prod;\nCOMMIT;\nSQL", "data-destroy"),
    ("psql app <<< 'UPDATE accounts SET balance = 0'", "data-destroy"),
    ("echo 'DROP SCHEMA public CASCADE' | psql app", "data-destroy"),
    ("psql -c \"\\! rm -rf /\"", "rm-recursive", "files"),
    ("cat dump.sql | psql app", "data-destroy"),
    ("mysql -u root -psecret -e 'DROP DATABASE app'", "data-destroy"),
    ("mysql --execute='delete from orders where 1=1'", "data-destroy"),
    ("mariadb app -e 'ALTER TABLE users DROP COLUMN email'", "data-destroy"),
    ("mysqladmin -u root -f drop app", "data-destroy"),
    ("sqlite3 app.db 'DELETE FROM sessions'", "data-destroy"),
    ("sqlite3 app.db \".shell rm -rf ~\"", "rm-recursive", "files"),
    ("duckdb warehouse.db -c 'DROP TABLE events'", "data-destroy"),
    ("mongosh --eval 'db.dropDatabase()'", "data-destroy"),
    ("mongosh app --eval 'db.users.deleteMany({})'", "data-destroy"),
    ("mongo app --quiet --eval 'db.sessions.drop()'", "data-destroy"),
    ("redis-cli FLUSHALL", "data-destroy"),
    ("redis-cli -h cache -n 2 flushdb", "data-destroy"),
    ("redis-cli -a pw DEL session:1", "data-destroy"),
    ("echo FLUSHALL | redis-cli", "data-destroy"),
    ("dropdb app_production", "data-destroy"),
    ("dropuser analyst", "data-destroy"),
    ("cqlsh -e 'DROP KEYSPACE shop'", "data-destroy"),
    ("clickhouse-client --query 'TRUNCATE TABLE hits'", "data-destroy"),
    ("clickhouse client -q 'DROP DATABASE analytics'", "data-destroy"),
    ("sqlcmd -S db -Q 'DROP DATABASE Sales'", "data-destroy"),
    ("pg_restore --clean -d app backup.dump", "data-destroy"),
    ("mongorestore --drop dump/", "data-destroy"),
    ("prisma migrate reset --force", "data-destroy"),
    ("bundle exec rails db:drop", "data-destroy"),
    ("sudo -u postgres psql -c 'DROP DATABASE app'", "data-destroy"),
    ("bq rm -r -f -d analytics", "data-destroy"),
    ("bq query --use_legacy_sql=false 'DELETE FROM ds.events WHERE true'", "data-destroy"),
    ("kafka-topics.sh --bootstrap-server b:9092 --delete --topic orders", "data-destroy"),
    ("rabbitmqctl purge_queue jobs", "data-destroy"),
    ("nats stream rm ORDERS -f", "data-destroy"),
]

#: Commands that must stay allowed.
ALLOW = [
    "psql -c 'SELECT count(*) FROM users'",
    "psql -c \"DELETE FROM sessions WHERE expires_at < now()\"",
    "psql -l",
    "psql app -c '\\dt'",
    "mysql -e 'SHOW DATABASES'",
    "mysql app -e \"UPDATE users SET active = 0 WHERE id = 7\"",
    "sqlite3 app.db 'SELECT * FROM t LIMIT 5'",
    "sqlite3 app.db .tables",
    "mongosh app --eval 'db.users.find({active: true}).count()'",
    "mongosh app --eval 'db.users.deleteMany({expired: true})'",
    "redis-cli GET key",
    "redis-cli ping",
    "redis-cli info",
    "redis-cli -n 2 keys 'x*'",
    "cqlsh -e 'SELECT * FROM shop.orders LIMIT 10'",
    "psql -c \"SELECT 'DROP TABLE users' AS text\"",
    "echo 'psql -c \"DROP TABLE users\"'",
    "pg_dump app > backup.sql",
    "bq query 'SELECT COUNT(*) FROM ds.events'",
    "kafka-topics --bootstrap-server b:9092 --list",
    "rabbitmqctl list_queues",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))


@pytest.mark.parametrize("statement,destructive", [
    ("DROP TABLE t", True), ("drop index i", True), ("TRUNCATE t", True),
    ("DELETE FROM t", True), ("DELETE FROM t WHERE id = 1", False),
    ("delete from t where true", True), ("UPDATE t SET a = 1", True),
    ("UPDATE t SET a = 1 WHERE b = 2", False), ("SELECT 1", False),
    ("INSERT INTO t VALUES (1)", False), ("select 1; -- drop table t", False),
    ("/* drop table t */ select 1", False), ("WITH x AS (SELECT 1) DELETE FROM t", True),
    ("COPY t TO PROGRAM 'sh'", True), ("ALTER TABLE t DROP COLUMN c", True),
    ("ALTER TABLE t ADD COLUMN c int", False), ("SELECT 'TRUNCATE t'", False),
])
def test_sql_statements(statement, destructive):
    assert bool(sql.judge(statement).destructive) is destructive, statement


def test_sql_the_unseen_is_the_worst_it_could_be():
    a = A("some-generator | psql app")
    assert [(f.kind, f.certain) for f in a.destructive] == [("data-destroy", False)]


def test_sql_meta_command_writes_are_writes():
    a = A("psql app -c '\\o out.txt'")
    assert any(w.rel == "out.txt" for w in a.writes), a.writes
