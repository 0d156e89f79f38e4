"""statefiles.redact: secrets in command lines never reach the logs.

Properties: for any secret drawn by hypothesis, placed in any of the shapes
the module masks, and surrounded by arbitrary other words, the masked text
does not contain it; masking is idempotent and never raises; text without a
secret shape passes unchanged.
"""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from statefiles.redact import MASK, mask

#: Characters a secret may hold (no blanks or quotes: those end a shell word).
SECRET_CHARS = string.ascii_letters + string.digits + "_-./+=!#%^&*~,"
secrets = st.text(SECRET_CHARS, min_size=6, max_size=40).filter(
    lambda s: not s.startswith("-"))
#: URL passwords cannot hold ``@``, ``/`` or ``:`` unescaped.
url_secrets = st.text(string.ascii_letters + string.digits + "_-.!~*+=", min_size=6,
                      max_size=40)

#: ``{}`` is where the secret goes.
SHAPES = [
    "mysql -u root -p{} appdb",
    "mysqldump -h db -uadmin -p{} --all-databases > dump.sql",
    "psql --password={} -h localhost",
    "tool --password {} --verbose",
    "curl --api-key={} https://api.example.com",
    "deploy --token {}",
    "gh auth login --with-token={}",
    "curl -H 'Authorization: Bearer {}' https://api.example.com/v1",
    'curl -H "Authorization: token {}" https://api.github.com',
    "curl -H 'X-Api-Key: {}' https://x.example",
    "wget --header='Proxy-Authorization: Basic {}' http://x",
    "FOO_TOKEN={} ./run.sh",
    "export GITHUB_TOKEN={}",
    "AWS_SECRET_ACCESS_KEY={} aws s3 ls",
    "PGPASSWORD={} psql -h db",
    "env DB_PASS={} MYSQL_PWD={} make migrate",
    "echo password={} >> .env",
    "printf '%s' '{{\"api_key\": \"{}\"}}'",
    "DATABASE_PASSWORD='{}' npm start",
    'SECRET_KEY="{}" python app.py',
    "echo 'password: {}' >> config.yml",
    "printf 'db_pass: {}'",
    "printf 'API.KEY: {}'",
    "cat <<EOF > x.json\n{{\"pass\": \"{}\"}}\nEOF",
    "printf '%s' \"{{'pwd': '{}'}}\"",
    "DB_PASS={} ./migrate",
    "PASS={} ./login.sh",
]
URL_SHAPES = [
    "git clone https://user:{}@github.com/org/repo.git",
    "curl -u admin:{} https://x.example/api",
    "curl --user=admin:{} https://x.example/api",
    "curl --user 'admin:{}' https://x.example/api",
    "curl ftp://admin:{}@files.example.com/x",
    "psql postgres://app:{}@db:5432/app",
]
words = st.lists(st.sampled_from(["ls", "-la", "&&", "|", "grep", "x", "cd", "/tmp", ";",
                                  "echo", "ok", "2>&1", "-q"]), max_size=4).map(" ".join)


@given(secret=secrets, shape=st.sampled_from(SHAPES), before=words, after=words)
def test_a_secret_in_any_shape_is_masked(secret, shape, before, after):
    command = f"{before} {shape.format(secret, secret)} {after}".strip()
    assume(secret not in command.replace(secret, "", 1).replace(secret, ""))
    assume(secret not in shape)
    out = mask(command)
    assert secret not in out, (command, out)
    assert MASK in out


@given(secret=url_secrets, shape=st.sampled_from(URL_SHAPES), before=words)
def test_a_password_after_user_colon_is_masked_and_the_user_kept(secret, shape, before):
    command = f"{before} {shape.format(secret)}".strip()
    assume(secret not in shape)
    out = mask(command)
    assert secret not in out
    assert ":" + MASK in out


@given(key=st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", min_size=16, max_size=16),
       prefix=st.sampled_from(["AKIA", "ASIA"]), before=words)
def test_aws_access_key_ids_are_masked_anywhere(key, prefix, before):
    out = mask(f"{before} aws configure set aws_access_key_id {prefix}{key}")
    assert prefix + key not in out


@given(body=st.text(string.ascii_letters + string.digits, min_size=36, max_size=40),
       prefix=st.sampled_from(["ghp_", "gho_", "github_pat_", "glpat-", "xoxb-", "sk-ant-",
                               "sk-"]))
def test_well_known_token_formats_are_masked_without_a_name(body, prefix):
    out = mask(f"git remote add origin x && echo {prefix}{body}")
    assert body not in out


@given(st.text(max_size=300))
def test_mask_never_raises_and_is_idempotent(text):
    once = mask(text)
    assert isinstance(once, str)
    assert mask(once) == once


@pytest.mark.parametrize("command", [
    "git status", "git push origin feat/x", "mkdir -p build/out", "rm -rf ./build",
    "pytest -q tests/test_x.py", "ls -la /tmp", "npm install --save-dev typescript",
    "bypass=1 author=me ./configure", "python -m playgate logs --since 2h",
    "git commit -m 'fix the password reset page'", "cat README.md | grep token",
])
def test_commands_without_a_secret_are_unchanged(command):
    assert mask(command) == command


def test_private_key_blocks_are_masked():
    pem = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAsecretbody\n"
           "-----END RSA PRIVATE KEY-----")
    out = mask(f"echo '{pem}' > id_rsa")
    assert "MIIEpAIBAAKCAQEAsecretbody" not in out and "PRIVATE KEY" in out


def test_non_strings_pass_through():
    assert mask(None) is None and mask("") == ""


@pytest.mark.parametrize("text", [
    "git status", "mkdir -p build", "git push https://github.com/org/repo main",
    "git log -p --stat", "Active subtask s1 (phase p1, pending): record its three validations "
    "as PASS with evidence in play/p1/progress.json", "/repo/src/app.py",
])
def test_text_without_a_secret_shape_compiles_no_pattern(text, monkeypatch):
    """The hook pays for the patterns only when a secret may be there."""
    from statefiles import redact

    monkeypatch.setattr(redact, "_COMPILED", {})
    assert mask(text) == text
    assert redact._COMPILED == {}


#: Pieces of secret shapes and their surroundings, glued in any order.
FRAGMENTS = ["--", "-", "-p", "-P", "=", ":", " ", "\t", "\n", "'", '"', "@", "://", "https",
             "user", "password", "PASS", "pass", "pw", "Pwd", "token", "KEY", "api_key", "auth",
             "Author", "bypass", "secret", "credential", "signature", "Authorization", "Bearer",
             "x-api-key", "cookie", "AKIA", "ABCDEFGHIJKLMNOP", "ghp_", "sk-", "xoxb-", "eyJ",
             "abc123", "_", ".", ";", "|", "(", "value"]


@given(st.one_of(st.text(string.printable, max_size=120),
                 st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join)))
def test_the_preconditions_never_skip_a_pattern_that_would_mask(text):
    """The cheap checks that decide whether a pattern runs agree with the
    patterns: masking with every pattern run unconditionally gives the same."""
    from statefiles import redact

    def unconditional(value):
        for index in range(len(redact.RULES)):
            lower = redact.RULES[index][1]
            low = value.translate(redact._LOWER)
            value = redact._apply(redact._pattern(index), value, low if lower else value)
        return value

    assert mask(text) == unconditional(text)


@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join))
def test_masking_secret_like_text_is_idempotent(text):
    once = mask(text)
    assert mask(once) == once


# ------------------------------------------------- verdict words are prose, not keys

#: Words the suite and its agents write before a colon in verdicts and
#: reports; "PASS" and "KEY" share their letters with secret names.
VERDICTS = ["PASS", "Pass", "pass", "FAIL", "PARTIAL", "KEY", "Key", "key", "AUTH", "Auth",
            "PW", "PWD", "OK", "DONE", "BLOCKED", "WARN"]
#: What follows a verdict: subtask ids, file paths, plain words.
prose = st.lists(st.one_of(
    st.from_regex(r"p[0-9]{1,2}\.s[0-9]{1,2}", fullmatch=True),
    st.sampled_from(["done", "the", "critic", "validated", "tests/test_x.py", "all", "3/3",
                     "checks", "(validated_by:", "critic)", "subtask", "is", "missing"])),
    min_size=1, max_size=6).map(" ".join)
lead = st.sampled_from(["", "critic's ", "playgate recorded the critic's ", "verdict ",
                        "- ", "Result\n", "[playgate:critic-guard] ", "reviewer ", "the "])


@given(verdict=st.sampled_from(VERDICTS), before=lead, after=prose)
def test_a_verdict_word_and_colon_keeps_what_follows(verdict, before, after):
    """"critic's PASS: p1.s2 done" is a verdict about subtask p1.s2, not a
    password: the log keeps every word of it (a lower-case short key at the
    start of a line, YAML's ``pass: x``, is the one shape still masked)."""
    text = f"{before}{verdict}: {after}"
    assume(not (verdict.islower() and (before == "" or before.endswith("\n"))))
    assert mask(text) == text


@given(name=st.sampled_from(["password", "Passwd", "TOKEN", "api_key", "Api-Key", "secret",
                             "db_pass", "DB_PASS", "mysql_pwd", "x-auth", "auth_token",
                             "aws.secret_access_key", "private_key", "client-secret"]),
       secret=secrets, before=lead)
def test_a_secret_named_key_followed_by_a_colon_is_masked_anywhere(name, secret, before):
    """The colon form of a long or compound secret name is masked wherever
    it stands, in any case: only a bare short word is read as prose."""
    assume(secret not in f"{before}{name}")
    out = mask(f"{before}{name}: {secret}")
    assert secret not in out and MASK in out


@given(name=st.sampled_from(["pass", "pwd", "pw", "auth", "key"]), secret=secrets,
       quote=st.sampled_from(['"', "'"]), indent=st.sampled_from(["", "  ", "\t"]),
       upper=st.booleans())
def test_a_short_name_written_as_a_key_is_masked(name, secret, quote, indent, upper):
    """A short secret name is a key when quoted (JSON, any case) or a
    lower-case YAML key at the start of a line."""
    assume(secret not in name.upper() and secret not in name)
    quoted = f'{{{quote}{name.upper() if upper else name}{quote}: {quote}{secret}{quote}}}'
    yaml_text = f"user: me\n{indent}{name}: {secret}\nhost: db"
    for text in (quoted, yaml_text):
        out = mask(text)
        assert secret not in out, (text, out)
