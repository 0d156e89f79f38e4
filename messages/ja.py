"""日本語メッセージ (issue 11 item 3)。

KEY → ``str.format`` テンプレート。キーとフィールドは ``en.py`` と同じ
(tests/test_messages.py が確認する)。ここに無いキーは英語で表示される。
識別子・パス・コマンド・skill 名・agent 名は翻訳しない。
"""

MESSAGES = {
    # ------------------------------------------------------------ shared
    "shared.state_problems": " state.md に問題があります: {problems}。",
    "shared.state_problems_more": " state.md に問題があります: {problems} (ほか {more} 件)。",
    # ------------------------------------------------------------ main-branch
    "main_branch.edit": (
        "現在 {branch} ブランチにいます。このブランチでは {path} を編集できません。"
        "先に作業ブランチを作成してから再実行してください (例: `git checkout -b feat/<short-name>`、"
        "fix/・docs/・chore/ も可)。"
    ),
    "main_branch.bash": (
        "現在 {branch} ブランチにいます。このコマンドはリポジトリやファイルを変更するため、"
        "このブランチでは実行できません。"
        "先に作業ブランチを作成してから再実行してください (例: `git checkout -b feat/<short-name>`、"
        "fix/・docs/・chore/ も可)。"
    ),
    # ------------------------------------------------------------ playbook-guard
    "playbook_guard.self_review": (
        "この編集は reviewer subagent を通さずに {plan} をレビュー済み (meta.reviewed: true) にします。"
        "記録してよいのは、この playbook に対して Task(subagent_type='reviewer') が実際に返した PASS だけで、"
        "その際 meta.reviewed_by: reviewer とします。レビューがまだなら、この編集を取り消してレビューを呼び出してください。"
    ),
    "playbook_guard.playbook_error": "{error}。state.md を修正してください (state.md は編集可能なままです)。",
    "playbook_guard.no_playbook": (
        "有効な playbook が無いため、ファイルを編集できません。Skill(skill='playbook-init') を呼び出してください: "
        "pm が play/<id>/plan.json と progress.json を書き、reviewer がレビューし、"
        "state.md の playbook.active にその plan が設定されます。"
    ),
    "playbook_guard.plan_error": (
        "有効な playbook を読み込めません: {error}。playbook を修正する (編集可能なままです) か、"
        "state.md の playbook.active を正しい plan.json に向けてください。"
    ),
    "playbook_guard.progress_error": (
        "有効な playbook の progress を読み込めません: {error}。"
        "{progress} を修正するか作り直して (編集可能なままです。形は "
        "play/template/progress.json を参照してください)、もう一度実行してください。"
    ),
    "playbook_guard.not_reviewed": (
        "{plan} はレビューされていません (meta.reviewed が true ではありません)。"
        "これに対して Task(subagent_type='reviewer') を呼び出してください。レビューが meta.reviewed と "
        "meta.reviewed_by を設定します。編集は PASS の後に始められます。"
    ),
    "playbook_guard.no_context": (
        "{plan} に 'context' がありません: 理解確認がまだ行われていません。"
        "ユーザーと一緒に understanding-check skill を実行し、その結果を plan.json の "
        "'context' に記録してから、もう一度レビューを受けてください。"
    ),
    "playbook_guard.self_reviewer": (
        "{plan} の meta.reviewed_by が {reviewer} です: playbook は作成者ではなく "
        "reviewer subagent がレビューすべきです。"
    ),
    # ------------------------------------------------------------ protected-edit
    "protected_edit.state_unreadable": (
        "state.md を検査できない ({error}) ため、編集しません: 'config' セクションを変更できるのは"
        "ユーザーだけです。state.md の修復 (git からの復元) をユーザーに依頼してください。"
    ),
    "protected_edit.state_too_large": (
        "この編集の後 state.md は {limit} バイトを超えます。state.md は短い YAML セクションを"
        "いくつか持つだけのファイルで、そのサイズを超えると読み込まれません。短く保ってください "
        "(長いメモは playbook か docs/ に書いてください)。"
    ),
    "protected_edit.too_large_to_compare": "比較するには大きすぎます",
    "protected_edit.list_unreadable": (
        "{path} は編集しません: {error}。その間も state.md、playbook のファイル、"
        ".claude/session-state/ は編集できます。"
    ),
    "protected_edit.config_section": (
        "state.md の '{section}' セクション (セキュリティモード、toolstack、roles) は、"
        "ユーザーが Claude Code の外でのみ変更できます。このセクションはそのままにしてください。"
        "ほかのセクション (playbook、goal、session) は編集できます。"
    ),
    "protected_edit.source_floor": "スイート自身のファイル",
    "protected_edit.source_line": "protected-files.txt の {line} 行目",
    "protected_edit.source_linked": "、そのハードリンク経由",
    "protected_edit.unstuck": (
        "{path} は {source} ({level}:{pattern}) に一致しますが、編集可能なままです: "
        "ワークフローが行き詰まりを解消するために必要なファイル (state.md、playbook ファイル、"
        ".claude/session-state/) だからです。このエントリはこのファイルには効かないことをユーザーに伝えてください。"
    ),
    "protected_edit.hard_block": (
        "{path} は保護されています (HARD_BLOCK、{source}: {pattern})。ゲートまたはその設定の一部であり、"
        "どのモードでも Claude Code からは変更できません。"
        "どうしても変更が必要なら、ユーザー自身に変更を依頼してください。"
    ),
    "protected_edit.block_strict": (
        "{path} はセキュリティモード 'strict' で保護されています (BLOCK、{source}: {pattern})。"
        "変更してよいかユーザーに確認してください。モード (state.md の config.security) や"
        "保護リストを緩められるのはユーザーだけです。"
    ),
    "protected_edit.block_trusted": (
        "{path} は保護されています (BLOCK、{source})。モード 'trusted' のため許可します。"
        "変更は最小限にし、ユーザーに伝えてください。"
    ),
    "protected_edit.warn": (
        "{path} は protected-files.txt で WARN として登録されています ({pattern})。"
        "タスクに必要な場合だけ変更してください。"
    ),
    # ------------------------------------------------------------ init-guard
    "init_guard.read_first": (
        "セッション開始: まず状態を読んでください。Read ツールで次を読んでください: {files}。"
        "読み終えると {tool} を使えます (それまでも Grep、Glob、読み取り専用コマンド、"
        "git status/log/diff/show/branch/rev-parse は使えます)。"
    ),
    # ------------------------------------------------------------ bash-check
    'bash_check.too_complex': (
        'bash-check は制限時間内にこのコマンドの検査を終えられませんでした。コマンドが複雑すぎて検査できないため、安全のためブロックします。'
        'より短く単純なコマンドに分ける (1 回の呼び出しに含めるコマンド・cd・引数を減らす) か、処理を scripts/ 配下のスクリプトにしてそれを実行してください。'
    ),
    'bash_check.unknown': (
        'bash-check はこのコマンドが何をするか判断できません ({reasons})。検査できないコマンドは危険なものとして扱います。コマンド名・パス・実行されるコードがすべてそのまま書かれた形に書き直してください '
        '(eval や、変数・ダウンロードから組み立てたコードは使わない)。より単純なコマンドに分けるか、処理を scripts/ 配下のスクリプトにしてそれを実行してください。'
    ),
    'bash_check.why_playbook_error': '有効な playbook がありません (state.md の playbook.active を使えません: {error})',
    'bash_check.why_no_playbook': '有効な playbook がありません',
    'bash_check.admin_extra': (
        " セキュリティモード 'admin' では保守用コマンド (playbook を play/archive/ へアーカイブ、git add "
        'state.md や play/...、git commit) は許可されます。'
    ),
    'bash_check.no_playbook': (
        "bash-check: {why}。そのため、ファイルやリポジトリを変更するコマンドはブロックされます (検出: {found})。Skill(skill='playbook-init') "
        'で作業を始めてください — 依頼を分析し、レビュー済みの playbook を作成します。それまでも読み取り専用コマンド (ls、cat、grep、'
        'git status/log/diff)、ブランチの作成・切り替え、git fetch/pull は使えます。{extra}'
    ),
    'bash_check.also': ' ほかにも: {findings}。',
    'bash_check.advice_default': '本当に必要なら、ユーザー自身に実行を依頼してください。',
    'bash_check.destructive': 'bash-check が破壊的なコマンドをブロックしました ({family}): {message}。{more}{advice}',
    'bash_check.computed_path': (
        'bash-check: {how} が {path} に書き込みます。実行時に決まるパスなので、state.md、playbook ファイル、'
        '保護されたファイルである可能性があります。そのまま書かれたパスに書き込んでください。'
    ),
    'bash_check.verb_receives': 'を引数として受け取ります',
    'bash_check.verb_deletes': 'を削除または移動します',
    'bash_check.verb_changes': 'の属性を変更します',
    'bash_check.verb_writes': 'に書き込みます',
    'bash_check.inside': ' ({what} を含みます)',
    'bash_check.receives_only': ' このコマンドはパスを受け取るだけです。読むだけなら Read ツールか cat を使ってください。',
    'bash_check.guarded': (
        'bash-check: {how} は {target}{inside}{verb}。state.md と playbook ファイル '
        '(play/<id>/plan.json、progress.json) は、ワークフローのガードが変更を検査する Edit または Write '
        'ツールでのみ変更します。そちらを使ってください。{receives}'
    ),
    'bash_check.hard_block': (
        'bash-check: {how} は {target}{inside}{verb}。これは保護されています (HARD_BLOCK、{source})。'
        'ゲート、その設定、または認証情報の一部であり、どのモードでも Claude Code からは変更できません。どうしても変更が必要なら、ユーザー自身に変更を依頼してください。'
        '{receives}'
    ),
    'bash_check.block_strict': (
        "bash-check: {how} は {target}{inside}{verb}。これはセキュリティモード 'strict' で保護されています "
        '(BLOCK、{source})。変更してよいかユーザーに確認してください。モードや保護リストを緩められるのはユーザーだけです。'
    ),
    'bash_check.block_trusted': (
        "{target} は保護されています (BLOCK、{source})。モード 'trusted' のため許可します。変更は最小限にし、ユーザーに伝えてください。"
    ),
    'bash_check.warn': '{target} は protected-files.txt で WARN として登録されています。タスクに必要な場合だけ変更してください。',
    'bash_check.script_destructive': (
        'bash-check: このコマンドが実行するスクリプト {script} に破壊的なコマンドが含まれています ({family}): {message}。'
        'スクリプトからそれを取り除くか、ユーザー自身にスクリプトの実行を依頼してください。'
    ),
    'bash_check.script_code_destructive': 'bash-check: このコマンドが実行するスクリプト {script} は次のことをします: {what}。ユーザー自身に実行を依頼してください。',
    'bash_check.script_writes': (
        'bash-check: このコマンドが実行するスクリプト {script} は {what} に書き込みます ({level})。state.md、'
        'playbook ファイル、保護されたファイルは Edit/Write ツールでのみ変更します。スクリプトからその部分を取り除いてください。'
    ),
    'bash_check.advice.rm-recursive': 'プロジェクト内か一時ディレクトリ内のパスだけを、そのまま書いた形で削除してください (例: rm -rf ./build)。',
    'bash_check.advice.git-history': (
        '作業を失わないでください: 先にコミットか stash をするか、非破壊的な形 (git restore --staged、git branch '
        '-d、git reset --soft) を選んでください。'
    ),
    'bash_check.advice.force-push': (
        '強制せずに push してください。強制更新が本当に必要なら --force-with-lease=<branch>:<expected-sha> '
        'を使い、先にユーザーに確認してください。'
    ),
    'bash_check.advice.disk': 'ここからディスクやパーティションに書き込まないでください。ユーザーに依頼してください。',
    'bash_check.advice.chmod-system': '権限の変更はプロジェクト内だけで行い、システムパスに -R を使わないでください。',
    'bash_check.advice.system-write': '変更はプロジェクト内に留めてください。システムやホームの設定変更はユーザー自身に依頼してください。',
    'bash_check.advice.fork-bomb': '無制限のループでプロセスを起動しないでください。',
    'bash_check.advice.fetched-exec': 'ファイルにダウンロードして内容を読み、ユーザーの同意を得てから実行してください。',
    'bash_check.advice.http-delete': 'リモートのリソースを削除する前にユーザーに確認してください。ユーザー自身が実行することもできます。',
    'bash_check.advice.gh-delete': 'GitHub 上のものを削除・アーカイブする前にユーザーに確認してください。',
    'bash_check.advice.process-kill': 'シグナルを送るのは自分で起動したプロセスだけにし、プロセス ID で指定してください。',
    'bash_check.advice.system-power': 'マシンをシャットダウン・再起動しないでください。',
    'bash_check.advice.depth-limit': 'シェル・eval・置換を入れ子にせず、コマンドを直接実行してください。',
    'bash_check.advice.infra-destroy': 'ユーザー自身に実行を依頼してください。インフラやデータストアの削除は playbook の作業には含まれません。',
    # ------------------------------------------------------------ consent, pending, critic, phase-status, depends, scope, work-request
    'shared.view_error': '{error}。正確な編集でやり直すか、play/template/ の形でファイル全体を Write してください。',
    'consent_guard.not_confirmed': (
        '理解確認がまだ承認されていないため、ファイルを編集できません。ユーザーに理解確認 (understanding-check skill) を提示してください: '
        '何を・なぜ・どのように行うか、スコープ、対象外、リスクを示し、承認を求めます。ユーザーの承認で .claude/.session-init/consent '
        'が解除されます。'
    ),
    'pending_guard.post_loop': (
        "playbook{playbook} はアーカイブされましたが、post-loop がまだ実行されていません。今すぐ Skill(skill='post-loop') "
        'を呼び出してください: {marker} を解除し、次のタスクを導き出します。編集はその後に再開できます (それまでも state.md、playbook '
        'ファイル、.claude/session-state/ は編集できます)。'
    ),
    'critic_guard.view_error': (
        '{error}。報酬状態は読み取れる状態を保つ必要があります: 正確な編集でやり直すか、play/template/ の形でファイル全体を '
        'Write してください (state.md はセクションごとに ```yaml ブロックを 1 つ)。'
    ),
    'phase_status_guard.plan_unreadable': (
        '{label}: phase {phases} が done に設定されましたが、その subtask を検査できません ({error})。'
        '先に plan.json を修正してください。'
    ),
    'phase_status_guard.open_subtasks': (
        '{label}: phase は、そのすべての subtask が done になったときにだけ done になります。未完了: {open}。'
        'それらの subtask を完了させ (それぞれ critic の検証を受ける)、その後で phase を done にしてください。'
    ),
    'phase_status_guard.plan_adds_open': (
        '{label}: この編集は、progress.json で done になっている phase に未完了の subtask を加えます ({open})。'
        '先に progress.json でその phase を in_progress に戻してください。'
    ),
    'phase_status_guard.describe': 'phase {phase}: {subtasks}',
    'depends_check.open_deps': (
        'Phase {phase} は完了していない phase に依存しています: {deps}。先にそれらを完了させてください (または critic '
        'が合格を出した後で progress.json に完了を記録してください)。'
    ),
    'scope_guard.outside_project': '{path} はプロジェクトの外にあります (goal.scope.includes)',
    'scope_guard.excluded': '{path} は goal.scope.excludes で除外されています',
    'scope_guard.not_included': '{path} は goal.scope.includes に含まれていません',
    'scope_guard.criteria_changed': (
        'この編集は {field} を変更します。完了条件は playbook のレビュー時に確定しています。変更はユーザーの同意と再レビューを経たときだけにしてください。'
    ),
    'scope_guard.also': ' ほかにも: {problem}。',
    'scope_guard.out_of_scope': (
        'playbook のスコープ外です: {problems}。レビュー済みのスコープ内に留まるか、スコープを広げる必要があるなら playbook '
        'を更新して (再レビューを受けて) ください。'
    ),
    'prompt_work_request.says': "'{marker}' と書かれています",
    'prompt_work_request.goal': ' (goal: {summary})',
    'prompt_work_request.out_of_scope': (
        'この依頼は有効な playbook {plan}{goal} の範囲外のようです: {reasons}。計画外の作業を紛れ込ませないでください: '
        '先に playbook を完了させるか、スコープを広げるべきかユーザーに確認してください (pm が plan.json を更新し、reviewer '
        'が再レビューします)。'
    ),
    'prompt_work_request.no_playbook': (
        "このプロンプトは作業を依頼しています ({reason}) が、有効な playbook がありません。Skill(skill='playbook-init') "
        'から始めてください: prompt-analyzer、理解確認、pm (新しいブランチで play/<id>/plan.json と progress.json '
        'を書く)、reviewer を順に実行します。レビュー済みの playbook が有効になるまで編集はブロックされます。'
    ),
    'prompt_work_request.needs_consent': (
        '理解確認にはユーザーの承認が必要です: 何を・なぜ・どのように行うか、スコープ、対象外、リスクを提示し、ターンを終えて待ってください。ユーザーが「はい」(yes) '
        'と答えると編集が解除されます (.claude/.session-init/consent)。'
    ),
    'prompt_work_request.post_loop_first': "まず保留中の post-loop を実行してください: Skill(skill='post-loop')。",
    # ------------------------------------------------------------ session-start
    'session_start.stale_pending': '以前のセッションが残した古い post-loop-pending を削除しました。',
    'session_start.missing_plan': '{plan} が存在しません',
    'session_start.active_reset': 'state.md の playbook.active を null に戻しました: {reason}。',
    'session_start.active': 'playgate ワークフローゲートが有効です。',
    'session_start.read_first': 'まず次のファイルを読んでください (Read ツール)。読み終えるまでほかのツールはブロックされます: {files}。',
    'session_start.no_state': 'state.md がありません: ワークフローの状態を読めません。ユーザーに `python install.py <repo>` の実行を依頼してください。',
    'session_start.no_state_plugin': 'state.md がありません: ワークフローの状態を読めません。ユーザーに `{data}/venv/bin/playgate init -C <repo>` (playgate プラグインのコマンドラインツール) の実行を依頼してください。',
    'session_start.playbook': '有効な playbook: {plan} (phase {phase}、subtask {done}/{total} 完了)。',
    'session_start.no_playbook': "有効な playbook はありません: 作業の依頼はすべて Skill(skill='playbook-init') から始めてください。",
    'session_start.branch': 'ブランチ: {branch}。',
    'session_start.branch_main': 'ブランチ: {branch} — 作業はここではなく作業ブランチで行います。',
    'session_start.playbook_problem': '問題: {problem}。修正してください (playbook のファイルは編集可能なままです)',
    'session_start.problem': '問題: {problem}',
    'session_start.bad_language': (
        '問題: state.md の config.language が {value} です。使える言語は en と ja なので、メッセージは英語になります。'
        'config.language を en か ja に設定するようユーザーに依頼してください。'
    ),
    # ------------------------------------------------------------ critic-guard
    'critic_guard.howto': (
        "これに対して Task(subagent_type='critic') を実行してください。critic の PASS を得てから、validations "
        '(technical、consistency、completeness: 根拠付きの PASS)、validated_by: "critic"、'
        'validated_at を記録し、その後で status を done にしてください。'
    ),
    'critic_guard.done_without_critic': 'critic の検証なしに done に設定されています: {problems}',
    'critic_guard.phase_unchecked': 'phase {phases} が done に設定されましたが、その subtask を検査できません: {error}',
    'critic_guard.phase_without_critic': 'subtask {subtasks} に critic が検証した根拠が無いまま phase {phase} が done に設定されています',
    'critic_guard.progress_problems': '{label}: {problems}。{howto}',
    'critic_guard.pass_unrecorded': (
        '{label}: critic.status が PASS に設定されましたが、{ledger} にはこの playbook の PASS '
        "を記録した critic の実行がありません (critic subagent は返答の最後を 'CRITIC: PASS playbook' "
        "で締めくくります)。先に playbook 全体に対して Task(subagent_type='critic') を実行してください。"
    ),
    'critic_guard.old_uncritiqued': (
        '{label} には critic の検証なしに done になった subtask がすでにあります: {problems}。それらを in_progress '
        'に戻すか、critic に検証させてください。'
    ),
    'critic_guard.plan_adds_part': (
        'phase {phase} は progress.json で done ですが、critic が検証した根拠の無い subtask {subtasks} '
        'が加わることになります'
    ),
    'critic_guard.plan_adds': '{label}: {parts}。作業を加える前に、progress.json でその phase を in_progress に戻してください。',
    'critic_guard.part_open': '未完了の subtask: {subtasks}',
    'critic_guard.part_fraud': '根拠なしに done: {problems}',
    'critic_guard.part_phases': '未完了の subtask がある done の phase: {phases}',
    'critic_guard.part_no_pass': 'progress の critic.status が PASS ではありません (playbook の critic がまだ合格を出していません)',
    'critic_guard.part_unrun': 'critic の PASS 記録なしに done: {subtasks}',
    'critic_guard.switch_away': (
        'state.md: playbook.active が {plan} を指さなくなりますが、そこにはまだ未完了の subtask があります: '
        '{subtasks}。それらを完了させてください (それぞれ critic の検証を受ける)。ユーザーがこの playbook の破棄や差し替えを決めたのなら、'
        'state.md の playbook.active の変更はユーザー自身に依頼してください。'
    ),
    'critic_guard.switch_to': (
        'state.md: playbook.active が {plan} を指すことになりますが、その progress には critic の根拠が無い '
        'done のステータスがあります ({parts})。有効にする前に、それらのステータスを戻すか critic に検証させてください。'
    ),
    'critic_guard.goal_done_no_playbook': (
        'state.md: goal.status が done に設定されましたが、有効な playbook が無いため、それを裏付ける critic '
        'の判定がありません。作業はレビュー済みで critic が合格を出した playbook を通して行います。goal.status はそのままにしてください。'
    ),
    'critic_guard.goal_done_unreadable': (
        'state.md: goal.status が done に設定されましたが、有効な playbook を読み込めません ({error})。'
        'done を裏付けるものがありません。'
    ),
    'critic_guard.goal_done_incomplete': (
        'state.md: goal.status が done に設定されましたが、{plan} は critic の根拠を伴って完了していません: '
        '{parts}。{howto}'
    ),
    # ------------------------------------------------------------ subtask-guard, executor-guard
    'subtask_guard.no_evidence': (
        '{label}: subtask は critic の根拠があるときだけ done になります (SPEC: 3 つの validations '
        "がすべて根拠付きで PASS、validated_at が設定済み、validated_by が 'critic')。不足: {problems}。"
        "先に Task(subagent_type='critic') を実行して結果を記録してください。それまで status は in_progress "
        'のままにします。'
    ),
    'subtask_guard.latest_fail': ' (最新の判定は FAIL: {subtasks})',
    'subtask_guard.no_ledger_pass_one': (
        '{label}: {subtasks} が done に設定されましたが、critic の台帳 ({ledger}) にはその critic '
        "実行による PASS がありません{failed}。Task(subagent_type='critic') を実行してください。critic "
        "は返答の最後を 'CRITIC: PASS <subtask-id>' で締めくくり、停止時にそれが記録されます。"
    ),
    'subtask_guard.no_ledger_pass_many': (
        '{label}: {subtasks} が done に設定されましたが、critic の台帳 ({ledger}) にはそれらの critic '
        "実行による PASS がありません{failed}。Task(subagent_type='critic') を実行してください。critic "
        "は返答の最後を 'CRITIC: PASS <subtask-id>' で締めくくり、停止時にそれが記録されます。"
    ),
    'subtask_guard.require_critic_run': ' (state.md の config.require_critic_run が true です。)',
    'subtask_guard.removes': '未完了の subtask {subtasks} を削除し',
    'subtask_guard.changes': '{fields} を変更し',
    'subtask_guard.and': '、',
    'subtask_guard.reviewed_plan': (
        '{label}: この編集はレビュー済みの plan で {parts}ます。レビュー済みの plan は critic が照合する契約であり、'
        "変更には再レビューが必要です: 同じ編集で meta.reviewed を false にして Task(subagent_type='reviewer') "
        'を呼び出すか、ユーザーに確認してください。'
    ),
    'executor_guard.others_in_progress': (
        '有効な subtask は {subtask} (Claude Code の担当) ですが、{others} も進行中です: その作業は担当の委譲先が行うもので、'
        'ここでの編集で行うものではありません。'
    ),
    'executor_guard.about': 'subtask {subtask}',
    'executor_guard.about_criterion': "subtask {subtask} ('{criterion}')",
    'executor_guard.unknown_executor': (
        "有効な {about} の {how} は '{executor}' ですが、どの toolstack も知らない executor です "
        '({known})。plan の修正 (再レビュー付き) をユーザーに依頼してください。それまでこのコードは書きません。'
    ),
    'executor_guard.not_in_toolstack': (
        '有効な {about} は {executor} ({how}) の担当ですが、toolstack {stack} (state.md の '
        'config.toolstack) にあるのは {have} だけです。toolstack の切り替えか plan の executor の変更をユーザーに依頼してください。'
    ),
    'executor_guard.user': (
        '有効な {about} はユーザーが行う作業です ({how})。ユーザーに依頼し (AskUserQuestion)、結果を progress.json '
        'に記録してください。別の subtask に取り組んでいるなら、先に progress.json の active.subtask をそれに設定してください。'
    ),
    'executor_guard.ctx_subtask': 'Subtask: {subtask}',
    'executor_guard.ctx_criterion': '完了条件: {criterion}',
    'executor_guard.none_given': '(指定なし)',
    'executor_guard.ctx_executor': 'Executor: {executor} ({how})',
    'executor_guard.ctx_iteration': '反復: {count} / {limit} (max_iterations)',
    'executor_guard.ctx_last_failure': '前回の失敗 (委譲先のプロンプトに含めてください):\n{failure}',
    'executor_guard.exhausted': (
        '有効な {about} は {executor} の担当で、すでに {count} 回失敗しています (max_iterations {limit})。'
        '再度の委譲も、自分でコードを書くこともしないでください: 再試行・中止・手作業のどれにするかユーザーに確認してください (AskUserQuestion)。'
    ),
    'executor_guard.delegate': (
        '有効な {about} は {executor} の担当です: Claude Code はそのコード ({path}) を書きません。subtask '
        "id、完了条件、変更するファイル、下の前回の失敗を渡して Task(subagent_type='{agent}') を呼び出し、結果を progress.json "
        'に記録して critic に検証させてください。別の subtask に取り組んでいるなら、先に progress.json の active.subtask '
        'をそれに設定してください。'
    ),
    # ------------------------------------------------------------ prompt-analyzer gate
    'prompt_analyzer_gate.state_md_hint': ' playbook-init が始まるとすぐに state.md は編集可能になります (playbook-init が {marker} を作成します)。',
    'prompt_analyzer_gate.pending_hint': ' このセッションは始まったばかりです: まず state.md を Read してください (読むファイルはセッション開始時のメッセージに一覧があります)。',
    'prompt_analyzer_gate.not_analysed': (
        "有効な playbook が無く、依頼もまだ分析されていないため、{tool} は使えません。ゴールデンパスを始めてください: Skill(skill='playbook-init') "
        'を呼び出します (prompt-analyzer、理解確認、pm、reviewer を実行します)。それまで使えるのは Read、Grep、'
        'Glob と読み取り専用コマンドだけです。'
    ),
    # ------------------------------------------------------------ spec-phase-gate
    'spec_phase_gate.order': (
        'phase は initialized → design-generated → implementation-complete の順に進みます。'
        '改訂では implementation-complete から design-generated に戻ります。initialized と design-generated '
        'は blocked になることがあり (blocked_info.blocked_by を伴う)、ブロックされた時点の phase に戻ります '
        '(seed 003 Spec 5)'
    ),
    'spec_phase_gate.unreadable': 'spec.yaml は読み取れる状態を保つ必要があります: {error}',
    'spec_phase_gate.no_phase': 'spec.yaml に `phase` がありません。次のいずれかを設定したままにしてください: {phases}',
    'spec_phase_gate.unknown_phase': "不明な phase '{phase}' です (seed 003 Spec 5.3)。既知の phase: {phases}。",
    'spec_phase_gate.blocked_needs_by': (
        "phase 'blocked' には blocked_info.blocked_by (失敗してこの spec をブロックしている spec。"
        'seed 003 の phase 状態機械: blocked_by = {{failed_spec}}) が必要です。それと blocked_info.blocked_at_phase '
        'を追加してください。'
    ),
    'spec_phase_gate.new_not_initialized': (
        "新しい spec は '{phase}' ではなく phase 'initialized' から始まります (seed 003 の phase "
        '状態機械: [*] → initialized)。initialized として作成し、パイプラインの進行に合わせて進めてください。'
    ),
    'spec_phase_gate.old_unknown': '現在の phase {phase} は既知の phase ではありません',
    'spec_phase_gate.old_missing': 'phase がありません',
    'spec_phase_gate.previous_unchecked': (
        "{feature} の spec.yaml: 以前の phase を検査できません ({why})。新しい phase '{phase}' "
        'を受け入れます。{order}。'
    ),
    'spec_phase_gate.unnamed_upstream': '名前の無い上流の spec',
    'spec_phase_gate.unblocking': " ブロック解除では blocked_at_phase '{phase}' に戻ります。",
    'spec_phase_gate.blocked': (
        "{feature} は {by} によってブロックされています (seed 003 Spec 5.2)。ブロック中は '{phase}' に進めません。"
        '{back} 先に上流の失敗を修正するかスキップしてください。'
    ),
    'spec_phase_gate.skips_design': 'design-generated を飛ばしています',
    'spec_phase_gate.not_a_transition': '{old} → {phase} は phase 状態機械の遷移ではありません',
    'spec_phase_gate.bad_transition': (
        "{feature} の spec.yaml: phase '{old}' は '{phase}' になれません: {detail}。'{old}' "
        'の次の phase は {allowed} です。{order}。'
    ),
    'spec_phase_gate.bash_writes': (
        'このコマンドは {files} に書き込みます: spec phase gate はシェルコマンドの結果を検査できません。phase の遷移を検査できるよう、'
        'spec.yaml は Edit か Write ツールで更新してください ({order})。'
    ),
    'shared.not_analysed': '分析できませんでした',
    'spec_phase_gate.bash_unknown': (
        'このコマンドは {name} に触れていますが完全には分析できない ({why}) ため、spec の phase を検査なしに変えるおそれがあります。'
        'spec.yaml は Read ツールで読み、phase の遷移が検査される Edit か Write で変更してください ({order})。'
    ),
    'spec_phase_gate.lead_only': (
        '{path} を更新するのはリードだけです (seed 003 Spec 3.1): subagent は結果を完了報告で返し、リードが spec.yaml '
        '(phase、version_refs、changelog) を更新します。'
    ),
    'spec_phase_gate.uncomputable': (
        '{path}: この {tool} の結果を計算できない ({error}) ため、phase の遷移を検査できません。Edit か Write '
        'を使ってください。'
    ),
    'shared.unknown_reason': '原因不明',
    # ------------------------------------------------------------ completion-check
    'completion_check.next_steps': (
        "有効な subtask を続けてください: 作業を行い、validations を記録し、Task(subagent_type='critic') "
        'に検証させ、その後で初めて done にします。根拠なしに done にしたステータスは in_progress に戻ります。続けるためにユーザーの入力が必要なら、'
        'ユーザーに尋ねてください。'
    ),
    'completion_check.fraud': (
        "必要な根拠 (3 つの validations がすべて根拠付きで PASS、validated_at、validated_by 'critic') "
        'なしに done にされています: {problems}'
    ),
    'completion_check.unrun': '{ledger} に critic の PASS が無いまま done にされています: {subtasks}',
    'completion_check.phases': '未完了の subtask があるのに done にされた phase: {phases}',
    'completion_check.state_unreadable': (
        'state.md を読めないため、どの playbook が有効か分かりません: {errors}。state.md を修正してから (編集可能なままです) '
        'ターンを終えてください。'
    ),
    'completion_check.playbook_error': '{error}。完了を確認できません。state.md の playbook.active を修正してから (編集可能なままです) ターンを終えてください。',
    'completion_check.playbook_unreadable': (
        '有効な playbook を読めないため、完了を検証できません: {errors}。ファイルを修正してから (playbook ファイルは編集可能なままです) '
        'ターンを終えてください。'
    ),
    'completion_check.subagent': (
        '{progress} に critic の根拠が無い done のステータスがあります: {problems}。自分で設定したのなら in_progress '
        'に戻してください。そうでなければ、返答の最後でこのことをオーケストレーターに報告してください。'
    ),
    'completion_check.open': '未完了の subtask が {count} 件あります: {subtasks}',
    'completion_check.no_critic_pass': (
        'すべての subtask は done ですが、playbook の critic がまだ合格を出していません (progress の critic.status '
        "が PASS ではありません): playbook 全体に対して Task(subagent_type='critic') を実行し (返答は "
        "'CRITIC: PASS playbook' で終わります)、根拠とともに critic.status PASS を記録してください"
    ),
    'completion_check.not_finished': 'Playbook {plan} はまだ完了していません:\n- {items}',
    # ------------------------------------------------------------ coherence
    'coherence.playbook_error': 'coherence: {error}。',
    'coherence.playbook_unreadable': 'coherence: 有効な playbook を読めません ({errors})。Edit ツールで修正してください。',
    'coherence.wrong_branch': (
        'coherence: 現在のブランチは {current} ですが、有効な playbook ({plan}) の作業ブランチは {expected_repr} '
        'です。先に切り替えてください: git checkout {expected} (まだ存在しなければ git checkout -b {expected})。'
        '読み取り専用コマンドはどのブランチでも使えます。'
    ),
    'coherence.wrong_branch_warn': 'coherence: 現在のブランチは {current} ですが、playbook のブランチは {expected} です。',
    'coherence.unknown_phase': 'coherence: state.md の {key} は {value} ですが、これは {plan} の phase ではありません ({phases})。',
    'coherence.phase_mismatch': (
        'coherence: state.md の playbook.current_phase ({state_phase}) と progress.json '
        'の active.phase ({active_phase}) が食い違っています。どちらかを更新してください。'
    ),
    'coherence.branch_mismatch': (
        'coherence: state.md の playbook.branch ({state_branch}) が playbook の meta.branch '
        '({expected}) と異なります。'
    ),
    'coherence.many_running': (
        'coherence: {count} 個の phase が in_progress です ({phases})。in_progress は '
        '1 つだけにしてください。'
    ),
    'coherence.none_running': (
        'coherence: 残りの phase があるのに in_progress の phase がありません ({phases})。progress.json '
        'で現在の phase を in_progress にしてください。'
    ),
    'coherence.bad_done_criteria': (
        'coherence: state.md の goal.done_criteria は空でない文字列の YAML リストでなければなりません '
        "(1 行に 1 つ '- criterion')。"
    ),
    'coherence.bad_done_when': (
        "coherence: {plan} の goal.done_when の各要素は、文字列か、空でない 'criterion' を持つオブジェクトでなければなりません。"
    ),
    'coherence.critic_status': '{progress} の critic.status は {status}',
    'coherence.no_critic_verdict': 'critic の判定を記録した有効な playbook がありません',
    'coherence.without_evidence': '、根拠なし',
    'coherence.done_without_critic': (
        'coherence: このコミットは state.md に goal.status: done を記録しますが、critic がそれを確認していません '
        '({where})。critic subagent に作業を検証させ、根拠付きの PASS を progress.json に記録するか、コミット前に '
        'goal.status を in_progress に戻してください。'
    ),
    # ------------------------------------------------------------ lint, agent definitions, codex-lead, reward-route, file dependencies, execution convention
    'lint.skipped': ' ({linters} は {seconds} 秒以内に終わらなかったためスキップしました)',
    'lint.block': (
        'lint: このリポジトリで設定されているリンターが、コミットするファイルに問題を報告しています{note}。修正してステージし、もう一度コミットしてください '
        '(config.lint_blocks が true です):\n{report}'
    ),
    'lint.warn': 'lint: このリポジトリで設定されているリンターが、コミットするファイルに問題を報告しています{note}。修正を検討してください:\n{report}',
    'lint.timeout': 'lint: {linters} は {seconds} 秒以内に終わりませんでした。このコミットはリントされていません。',
    'agent_definitions.rule': (
        'エージェント定義 (seed 003 Spec 12) は `---` 行で囲んだ YAML frontmatter で始まり、`name` '
        '(呼び出しに使う subagent_type) と `description` を記し、`tools` にはその役割に必要なツールだけを挙げ '
        '(最小権限)、`Task` や `Agent` は決して挙げません: subagent がほかの subagent を起動してはなりません '
        '(Spec 9.5、12.6)。'
    ),
    'agent_definitions.bash_writes': (
        'このコマンドはエージェント定義に書き込みます: {files}。シェルコマンドの結果は検査できないため、エージェント定義は検査が行われる Write '
        'か Edit ツールで書いてください。{rule}'
    ),
    'agent_definitions.bash_unknown': (
        'このコマンドは .claude/agents に触れていますが完全には分析できない ({why}) ため、エージェント定義を検査なしに書き込むおそれがあります。'
        'エージェントファイルは Read ツールで読み、Write か Edit で変更してください (そこで検査されます)。{rule}'
    ),
    'agent_definitions.uncomputable': (
        '{path}: この {tool} の結果を計算できない ({error}) ため、エージェント定義を検査できません。Write ツールでファイル全体を書いてください。'
        '{rule}'
    ),
    'agent_definitions.breaks': '{path} はエージェント定義のルールに違反することになります: {errors}。{rule} 内容を修正して書き直してください。',
    'agent_definitions.warnings': '{path}: {warnings}。',
    'agent_definitions_audit.header': 'ルールに違反しているエージェント定義 ({count} 件):',
    'agent_definitions_audit.more': '- ... ほか {count} 件',
    'agent_definitions_audit.fix': '{rule} Write/Edit ツールで修正するか (書き込みは検査されます)、ユーザーに伝えてください。',
    'codex_lead_guard.codex_mode': (
        ".claude/state/breezing-active.json の impl_mode が 'codex' です: リードは調整を担当し、"
        'コードは codex implementer が書きます (seed 001)。この作業は TaskCreate/SendMessage で '
        "codex implementer (subagent_type 'claude-code-harness:codex-implementer'、"
        'または codex implementer のチームメイト) に委譲してください。リードが編集できるのは .claude/state/breezing*、'
        '.claude/state/review*、Markdown ファイル、ワークフローの状態 (playbook、.claude/session-state/) '
        'で、読み取り専用コマンドも実行できます。breezing セッションが終わっている (Phase C) なら、先にファイルを削除してください: '
        '`rm .claude/state/breezing-active.json`。'
    ),
    'codex_lead_guard.what_edit': '{path} に対する {tool}',
    'codex_lead_guard.what_bash': 'このコマンド (読み取り専用ではなく、調整用ファイル以外に書き込みます)',
    'codex_lead_guard.cannot_read': '{file} を読めません',
    'codex_lead_guard.unreadable': (
        '{what} はブロックされました: {report} impl_mode を判別できないため、ファイルが修正されるまで codex モードの制限を適用します '
        '(リードは引き続き .claude/state/breezing* と Markdown ファイルに書き込めます。`rm .claude/state/breezing-active.json` '
        'でファイルを削除することもできます)。'
    ),
    'codex_lead_guard.blocked': '{what} はブロックされました。{explanation}',
    'reward_route_guard.blocked': (
        '{tool} は {path} を変更しようとしています。これはワークフローの報酬状態 (state.md、playbook の plan/progress、'
        'critic の台帳) を保持するファイルです。ガードが結果を検査できる Edit/Write で変更してください。'
    ),
    'check_file_dependencies.used_by': '{path} は次のファイルから使われています: {users}。この変更の後もそれらが動くか確認してください。',
    'execution_convention.retry': ' 次のように実行し直してください: {command}',
    'execution_convention.leading_comment': (
        'Bash コマンドが `#` のコメント行で始まっています ({comment})。コマンドは実行ファイルから始めてください。コメント行を前に付けないでください '
        '(seed 003 Spec 14.1)。人が読むための説明は Bash ツールの `description` パラメータに書いてください: '
        '先頭のコメントは、プレフィックスに基づく権限ルールや読む人からコマンドを隠してしまいます。'
    ),
    # ------------------------------------------------------------ lifecycle: resume pointer, stop loop, post-loop, progress reminder, compaction, archive
    'lifecycle.resume_playbook': (
        '{state} を読み、次に {plan} と {progress} を開いてください。phase {phase} の subtask {subtask} '
        'を続けます{branch}。'
    ),
    'lifecycle.see_progress_active': '(progress.json の active を参照)',
    'lifecycle.on_branch': ' (ブランチ {branch})',
    'lifecycle.resume_idle': (
        "{state} を読んでください。有効な playbook はありません: ユーザーの次の依頼を待ってください (作業は Skill(skill='playbook-init') "
        'から始めます)。'
    ),
    'lifecycle.resume_post_loop': " post-loop が保留中です: 先に Skill(skill='post-loop') を呼び出してください。",
    'stop_loop_guard.why_limit': '連続して {count} 回ブロックされた (state.md の config.stop_block_limit: {limit})',
    'stop_loop_guard.why_unchanged': '前回のブロックから何も変わっていない',
    'stop_loop_guard.let_through': '{why}ため、停止を通しました。未解決のまま — {message}',
    'stop_loop_guard.let_through_subagent': '{why}ため、subagent の停止を通しました。未解決のまま — {message}',
    'post_loop_pending.subagent': (
        "playbook{playbook} はアーカイブされましたが、post-loop がまだ実行されていません。返答の最後で、何よりも先に Skill(skill='post-loop') "
        'を呼び出すようオーケストレーターに伝えてください。'
    ),
    'post_loop_pending.stop': (
        "playbook{playbook} はアーカイブされましたが、post-loop がまだ実行されていません。今すぐ Skill(skill='post-loop') "
        'を呼び出し (アーカイブの後処理を終え、{marker} を解除します)、その後でターンを終えてください。'
    ),
    'progress_reminder.no_active': (
        '{progress} に有効な subtask がありません: active.phase と active.subtask を、この編集が属するものに設定してください。'
    ),
    'progress_reminder.head': '有効な subtask {subtask} (phase {phase}、{status})',
    'progress_reminder.already_done': '{head}。これはすでに done です: {progress} の active.subtask を、この編集が属する subtask に設定してください。',
    'progress_reminder.set_in_progress': ' status を in_progress にしてください。',
    'progress_reminder.update': (
        '{head}。{hint} この変更で subtask が完了または前進したら {progress} を更新してください: まず validations '
        '(technical、consistency、completeness) とその根拠、critic の PASS の後にだけ validated_by '
        "'critic' と validated_at、最後に status です。"
    ),
    'compact_resume.no_pointer': 'コンテキストが圧縮されましたが、再開ポインタは保存されていませんでした。{instruction}',
    'compact_resume.resuming': '圧縮後に再開します (ポインタの保存: {saved_at}{details})。{instruction}',
    'compact_resume.now': '{field} は現在 {value}',
    'compact_resume.moved_on': 'その後 state.md が進んでいます ({changes})。state.md が正です: {instruction}',
    'archive_playbook.incomplete': (
        '{plan} のすべての subtask が done になっていますが、playbook はまだ完了していないためアーカイブしません: {gaps}。'
        'playbook 全体に対して critic を実行してその判定を記録し (根拠付きの critic.status PASS)、最終タスクを終えてください。'
    ),
    # ------------------------------------------------------------ session report, subagent reminder, breezing signals, prompt state, critic ledger, consent
    'session_report.changed': '変更されたファイル {count} 件',
    'session_report.untracked': '未追跡のファイル {count} 件',
    'session_report.and': 'と',
    'session_report.sample': ' (例: {files})',
    'session_report.not_committed': 'コミットされていない{what}{sample}',
    'session_report.the_branch': 'ブランチ',
    'session_report.upstream': 'その upstream',
    'session_report.ahead': '{branch} 上の {upstream} に push されていないコミット {count} 件',
    'session_report.unpushed': '{branch} 上のどのリモートにも無いコミット {count} 件',
    'session_report.timed_out': '(確認が時間切れになりました: {detail})',
    'session_report.last_end': (
        '前回のセッション終了時 ({ended_at}) に次のものがありました: {parts}。その上に作業を積む前に `git status` '
        'で確認してユーザーに伝えてください。コミットや push は playbook とユーザーの意向どおりにだけ行ってください。'
    ),
    'session_report.interrupted': '中断されました',
    'session_report.archive_unfinished': (
        'playbook {id} のアーカイブが完了していません ({status}): {message}。次の編集時に再開されます。`{command}` '
        'を実行して再開することもできます。'
    ),
    'session_report.archive_partial': (
        'playbook {id} は {archive}/ にアーカイブされましたが、git の手順が途中で止まりました: {message} ユーザーが望むなら残り '
        '(commit、push、pull request) を手作業で行ってください。'
    ),
    'subagent_reminder.critic': (
        "critic が終了しました。その判定を {progress} に記録してください: 'CRITIC: PASS <subtask>' ごとに "
        "validations (technical、consistency、completeness) とその根拠、validated_by: 'critic' "
        "と validated_at、その後 status を done に。'CRITIC: FAIL <subtask> - <reason>' "
        "なら未完了のままにし、理由を記録して修正します。'CRITIC: PASS playbook' は根拠とともに critic.status "
        'を PASS にします。'
    ),
    'subagent_reminder.reviewer': (
        "reviewer が終了しました。'REVIEW: PASS' なら plan.json に meta.reviewed: true、meta.reviewed_by: "
        "'reviewer'、meta.status: 'active' を設定し、state.md (playbook.active) で有効にしてください。"
        "'REVIEW: FAIL' なら pm に指摘を修正させて再レビューします (最大 3 回。それ以上はユーザーに確認)。"
    ),
    'subagent_reminder.pm': (
        "pm が終了しました。今すぐ playbook のレビューを受けてください: その plan.json に対して Task(subagent_type='reviewer')。"
        '編集はレビュー済みの playbook ができるまで待ちます。'
    ),
    'subagent_reminder.prompt_analyzer': (
        "prompt-analyzer が終了しました。その 5W1H、リスク、未解決の質問を理解確認 (Skill(skill='understanding-check')) "
        'に使ってください。'
    ),
    'subagent_reminder.executor_resolver': (
        "executor-resolver が終了しました。選ばれた executor を plan.json の subtask の 'executor' "
        'に記録してください (playbook のレビュー前に)。'
    ),
    'subagent_reminder.subtask': ' (subtask {subtask})',
    'subagent_reminder.other': (
        'subagent {name} が終了しました。今すぐその結果を {progress} に記録してください{subtask}: 変更・発見したことを '
        'notes に、validations を根拠とともに。subtask が done になるのは critic の PASS (validated_by: '
        "'critic') の後だけです。"
    ),
    'breezing_signals.header': (
        'セッション {session} の Breezing シグナル (TaskCompleted hook から。推奨事項なので状況に応じて判断してください、'
        'seed 001):'
    ),
    'breezing_signals.action.partial_review_recommended': '完了したタスクの部分レビューを Reviewer に依頼する',
    'breezing_signals.action.next_batch_recommended': '次のタスクのバッチを TaskCreate で登録する (Progressive Batch)',
    'lifecycle.summary_problem': ' 問題: {problem}。',
    'lifecycle.summary_idle': '有効な playbook はありません。ブランチ: {branch}。',
    'lifecycle.summary_playbook': 'Playbook {plan}',
    'lifecycle.summary_phase': 'phase {phase} (phase {done}/{total} 完了)',
    'lifecycle.summary_subtask': 'subtask {subtask} {status}',
    'lifecycle.summary_counts': 'subtask {done}/{total} 完了',
    'lifecycle.summary_sep': '、',
    'lifecycle.summary': '{parts}。ブランチ: {branch}。',
    'prompt_state.state': '状態: {summary}',
    'prompt_state.post_loop': (
        'playbook {playbook} はアーカイブされました{status}が、post-loop がまだ実行されていません: 何よりも先に '
        "Skill(skill='post-loop') を呼び出してください (`{command}` を実行します)。"
    ),
    'prompt_state.archive_unfinished': 'playbook {id} のアーカイブが完了していません: {message}',
    'critic_ledger.no_verdict': "critic が 'CRITIC: PASS|FAIL <subtask-id>' の行なしに終了したため、{ledger} に判定を記録していません。",
    'prompt_consent.confirmed': (
        'ユーザーが理解確認を承認しました ("{excerpt}")。編集はもう保留されません。承認された理解を playbook の plan.json '
        "の 'context' (what、why、how、scope、exclusions、risks、confirmed_by: user) に記録し、"
        'ゴールデンパスを続けてください: pm が playbook を書き、reviewer がレビューします。'
    ),
    'prompt_consent.cancelled': 'ユーザーが依頼を取り下げました ("{excerpt}")。その作業は始めず、代わりに何を望むか尋ねてください。',
    'prompt_consent.rejected': (
        'ユーザーは理解確認を承認しませんでした ("{excerpt}")。指摘に沿って修正し、もう一度提示してください (what、why、how、'
        'scope、exclusions、risks)。承認なら「はい」(yes)、依頼の取り下げなら「キャンセル」(cancel) と答えてもらいます。'
        '承認されるまで編集はブロックされたままです。'
    ),
    'prompt_consent.waiting': (
        '理解確認はまだユーザーの承認を待っているため、編集はブロックされたままです。このプロンプトで依頼が変わるなら理解を更新し、提示し直してください '
        '(what、why、how、scope、exclusions、risks)。承認なら「はい」(yes)、取り下げなら「キャンセル」(cancel) '
        'と答えてもらいます。'
    ),
    # ------------------------------------------------------------ runtime
    'runtime.too_complex': (
        '{event} フックが制限時間内に検査を終えられませんでした (入力が複雑すぎて検査できません)。安全のためブロックします。'
        '作業をより小さな単位に分けてください: 短いコマンド、小さな編集、短いプロンプト。'
    ),
    'runtime.guard_error': (
        '{guard} で内部エラーが発生しました。安全のためこの呼び出しをブロックします。詳細は {log} にあります。ユーザーに伝えてください。'
        'ユーザーはそこに書かれた状態ファイルを修正するか、スイートを再インストール (python install.py <repo>) できます。'
    ),
    # ------------------------------------------------------------ reward state: edit views
    'reward.cannot_compute': 'この {tool} 呼び出しの後の {label} を計算できません',
    'reward.edit_does_not_apply': 'old_string がちょうど 1 回だけ見つかるわけではありません (または編集が適用できません)',
    'reward.uncomputable': '{label} に対するこの {tool} の結果を計算できません ({why})',
    'reward.state_too_large': 'state.md が {limit} バイトを超えることになり、スイートはそれを読みません',
    'reward.after_call': '{error} (この {tool} の後)',
    # ------------------------------------------------------------ archive report (statefiles.archive.describe)
    'archive.step.cleanup': 'tmp/ の片付け',
    'archive.step.archive': 'アーカイブ',
    'archive.step.state_reset': 'state.md のリセット',
    'archive.step.pending': 'post-loop-pending',
    'archive.step.commit': 'commit',
    'archive.step.push': 'push',
    'archive.step.pr_create': 'pull request',
    'archive.step.pr_merge': 'merge',
    'archive.step.return_default': 'デフォルトブランチへの復帰',
    'archive.in_progress': '進行中',
    'archive.archived': (
        'Playbook {id} は完了し、{archive}/ にアーカイブされました。state.md の playbook と goal セクションはリセットされました。'
    ),
    'archive.archiving': 'Playbook {id} は完了しました。アーカイブしています ({step})。',
    'archive.git_done': '{step}: {detail}',
    'archive.git_skipped': '{step} はスキップ ({detail})',
    'archive.git': 'Git: {steps}。',
    'archive.note': '注意: {note}。',
    'archive.git_off': (
        'Git の手順はオフです (state.md の config.archive_git)。プロジェクトの通常の方法でコミットし、pull request '
        'を開いてください。'
    ),
    'archive.problem': '問題: {problem}',
    'archive.step_failed': '手順の 1 つが失敗しました',
    'archive.partial': '状態: 一部完了 — {message} コミットされていない変更には触れていません。',
    'archive.call_post_loop': (
        "今すぐ Skill(skill='post-loop') を呼び出してください (`{command}` を実行します)。それが実行されるまでほかの編集はブロックされます。"
    ),
}
