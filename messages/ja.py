"""日本語メッセージ。

KEY → ``str.format`` テンプレート。キーとフィールドは ``en.py`` と同じ
(tests/test_messages.py が確認する)。ここに無いキーは英語で表示される。
識別子・パス・コマンド・skill 名・agent 名は翻訳しない。
"""

MESSAGES = {
    # ------------------------------------------------------------ active-workflow
    "active_workflow.unknown_value": (
        "state.md の config.{key} が {value!r} ですが、これは {allowed} のいずれでもありません。"
        "playgate は代わりに厳しい既定値で読みます。修正をユーザーに依頼してください"
        "（config を変更できるのはユーザーだけです）。"
    ),
    "active_workflow.active": (
        "有効なワークフロー: {title}（state.md の config.workflow: {name}、{docs}）。"
        "ブランチ方針: {branch_policy}。コンパクション後: {after_compact}。"
    ),
    "active_workflow.branch_feature": "作業ブランチで作業し、main では作業しない",
    "active_workflow.branch_trunk": "main で作業する（トランクベース。短命なブランチは可）",
    "active_workflow.compact_continue": "中断した箇所から続ける",
    "active_workflow.compact_wait": "ユーザーの次の指示を待つ",
    "active_workflow.other_files": (
        "{title} ワークフローのファイルがあります（{files}）が、有効なワークフローは {active} "
        "なので、これらには従いません。そのワークフローで作業するには、ユーザーが state.md の "
        "config.workflow を {name} に設定します。"
    ),
    # ------------------------------------------------------------ crew (the crew workflow, seed 000)
    "crew.session_start": (
        "crew ワークフロー: 依頼は Skill(skill='crew') で始め、その手順に従ってください。あなたは"
        "パス受け渡し係です。crew のエージェントにはパスを渡し、読むのは skill が挙げるもの"
        "（plan.md の表、result のメタデータヘッダー、cmd_report_summary.md、実行ログ）だけです。"
        "実行ログは playgate が見たことから書きます。"
    ),
    "crew.config_problem": "{file}: {key}: {problem}。",
    "crew.checkpoint_new": (
        "{cmd} は開いていますが、まだどのエージェントも動いていません。分解役から続けるか"
        "（Skill(skill='crew') のフェーズ1、手順3）、ユーザーが求めたら "
        "`python3 .claude/skills/crew/new_cmd.py --abort {cmd}` で中止してください。"
    ),
    "crew.checkpoint": (
        "{cmd} は完了していません（{log} からのチェックポイント）。フェーズ: {phases}。"
        "完了: {done}。失敗: {failed}。セッション終了時に実行中: {interrupted}。未実行: {pending}。"
    ),
    "crew.next_decompose": (
        "{cmd} の次の手順（フェーズ1）: Agent(subagent_type='crew-decomposer') を、TEMPLATE_PATH "
        ".claude/skills/crew/templates/decomposer.md、REQUEST_PATH work/{cmd}/request.md、"
        "PLAN_PATH work/{cmd}/plan.md、TASKS_DIR work/{cmd}/tasks/ を渡して起動します。"
    ),
    "crew.next_wave": (
        "{cmd} の次の手順: Wave {wave}/{waves}、{count} 件のタスク: {tasks}。1つのメッセージで、"
        "タスクごとに1つの Agent 呼び出しで起動してください。それぞれに TEMPLATE_PATH "
        ".claude/skills/crew/templates/worker_<persona>.md、入力 work/{cmd}/tasks/task_N.md、"
        "出力 work/{cmd}/results/result_N.md を渡します（run_in_background: {background}）。"
        "ユーザーには `Wave {wave}/{waves}: {count} tasks running{eta}` と伝えます。"
    ),
    "crew.next_retry": (
        "{cmd} の次の手順: {tasks} をリトライします。同じ実働を同じ prompt でもう一度起動して"
        "ください（タスクごとに1つの Agent 呼び出しを、1つのメッセージで）。"
    ),
    "crew.next_wait": (
        "{tasks} を待っています。結果はその Agent 呼び出しの結果として、バックグラウンドで動いて"
        "いればタスク通知として届きます（その場合は届くまでターンを終えてください）。"
    ),
    "crew.next_aggregate": (
        "{cmd} のタスクはすべて実行されました。次の手順（フェーズ3）: Agent(subagent_type="
        "'crew-aggregator') を、TEMPLATE_PATH .claude/skills/crew/templates/aggregator.md、"
        "RESULTS_DIR work/{cmd}/results/、PLAN_PATH work/{cmd}/plan.md、REPORT_PATH "
        "work/{cmd}/cmd_report.md、REPORT_SUMMARY_PATH work/{cmd}/cmd_report_summary.md と {failed} を"
        "渡して起動します。"
    ),
    "crew.next_retrospect": (
        "{cmd} の次の手順（フェーズ4）: work/{cmd}/cmd_report_summary.md を Read し、"
        "Agent(subagent_type='crew-retrospector') を、TEMPLATE_PATH .claude/skills/crew/templates/"
        "retrospector.md、WORK_DIR work/{cmd}/、REPORT_PATH work/{cmd}/cmd_report.md、"
        "RETROSPECTIVE_PATH work/{cmd}/retrospective.md、MODE: {mode} を渡して起動します。"
    ),
    "crew.next_approval": (
        "{cmd} は完了しました。次は一括承認です（Skill(skill='crew') の「一括承認」）。"
        "work/{cmd}/retrospective.md を Read し、{memory}。提案とメモリ候補を1つのメッセージで"
        "まとめて提示し、ユーザーの回答を待つためにターンを終えてください。"
    ),
    "crew.memory_at": (
        "cmd_report.md のメモリ候補を読みます（work/{cmd}/cmd_report.md を offset {offset}、limit {limit} "
        "で Read）"
    ),
    "crew.memory_none": "cmd_report.md にメモリ候補のセクションがないことを確かめます",
    "crew.wave_status": "{cmd} Wave {wave}/{waves}: ここまで {ok}/{total} 件が success。",
    "crew.duration": (
        "⚠️ {cmd} has exceeded max duration ({elapsed}s > {limit}s) — ユーザーに伝えてください"
        "（警告のみで、cmd は続行します）。"
    ),
    "crew.stop_worker_ok": (
        "[記録済み] {cmd} task_{task}（{agent}）: success、result は検証済み（quality {quality}、"
        "completeness {completeness}）。"
    ),
    "crew.stop_worker_failed": (
        "[記録済み] {cmd} task_{task}（{agent}）: {status} — {error}（使ったリトライ: {retries} / "
        "{limit}）。"
    ),
    "crew.stop_issues": "記録したメタデータの問題: {issues}。",
    "crew.stop_phase": "[記録済み] {cmd} {agent}: {status}（エラー: {error}）。",
    "crew.stop_verdict": "計画レビューの判定を記録しました: {verdict}（メモ: {notes}）。",
    "crew.stop_plan": "計画を記録しました: {tasks} 件のタスク、{waves} 個の Wave。{review}。",
    "crew.review_required": "実働を起動する前に計画の検証が必要です",
    "crew.review_optional": "この cmd では計画の検証はオフです（config plan_validation: false）",
    "crew.no_plan": (
        "{cmd} にはまだ計画がありません（タスク表のある work/{cmd}/plan.md）。先に分解役を起動して"
        "ください（Agent(subagent_type='crew-decomposer')）。"
    ),
    "crew.plan_problems": (
        "{cmd} の計画に問題があります: {problems}。これらの問題を prompt に書いて分解役をもう一度"
        "起動してください（Agent(subagent_type='crew-decomposer')）。"
    ),
    "crew.review_first": (
        "計画の検証がオンです（config plan_validation: true）。実働の前に "
        "Agent(subagent_type='crew-plan-reviewer') を、TEMPLATE_PATH .claude/skills/crew/templates/"
        "plan_reviewer.md、REQUEST_PATH work/{cmd}/request.md、PLAN_PATH work/{cmd}/plan.md を"
        "渡して起動してください。"
    ),
    "crew.review_first_code": (
        "{cmd} のタスクはコードを書くので、実働を起動する前に計画が計画レビューに通る必要があります。"
        "Agent(subagent_type='crew-plan-reviewer') を、TEMPLATE_PATH .claude/skills/crew/templates/"
        "plan_reviewer.md、REQUEST_PATH work/{cmd}/request.md、PLAN_PATH work/{cmd}/plan.md を"
        "渡して起動してください。"
    ),
    "crew.rejected": (
        "計画レビューが {cmd} の計画を却下しました（{notes}）。レビューの指摘を prompt に入れて"
        "（FEEDBACK: ...）分解役をもう一度だけ起動し、そのあと計画レビューをもう一度行ってください。"
    ),
    "crew.rejected_twice": (
        "{cmd} の計画は2回却下されました（{notes}）。タスクはコードを書くもので、コードは承認された"
        "計画のもとでしか書けません。ここで止めて、レビューの理由をユーザーに伝え、判断を待って"
        "ください。"
    ),
    "crew.review_again": (
        "{cmd} の計画はレビューの後で変わりました。実働を起動する前に "
        "Agent(subagent_type='crew-plan-reviewer') でもう一度レビューしてください。"
    ),
    "crew.not_a_worker": (
        "{task} は crew のタスクです。{agent} ではなく、計画の行が示す crew の実働"
        "（crew-researcher、crew-writer、crew-coder、crew-reviewer）を起動してください。"
    ),
    "crew.nested": "{agent} を起動できるのは親だけです。サブエージェントは crew のエージェントを起動しません。",
    "crew.one_cmd": (
        "{agent} の prompt は、ちょうど1つの cmd のパス（work/cmd_NNN/...）を挙げる必要があります。"
        "挙げられているもの: {found}。"
    ),
    "crew.no_cmd_dir": (
        "{cmd} は存在しません。`python3 .claude/skills/crew/new_cmd.py` で作り、表示された id を"
        "使ってください。"
    ),
    "crew.cmd_closed": (
        "{cmd} は完了（または中止）しているので、そのエージェントはもう動きません。新しい作業は "
        "Skill(skill='crew') で新しい cmd を始めてください。"
    ),
    "crew.prompt_too_long": (
        "この prompt は {size} 文字あります。内容ではなくパスを渡してください（フェーズ指示を除いて"
        "最大 {limit} 文字）。テンプレートとファイルを挙げれば、エージェントが読みます。"
    ),
    "crew.decomposer_request": (
        "分解役の prompt には REQUEST_PATH work/{cmd}/request.md（と PLAN_PATH、TASKS_DIR）を"
        "挙げる必要があります。"
    ),
    "crew.decompose_limit": (
        "{cmd} の分解役はすでに {limit} 回動きました（計画、1回の再分解、1回のフィードバックループ）。"
        "今ある計画で進め、失敗は報告してください。"
    ),
    "crew.running": "{cmd} の {what} はまだ実行中です。もう一度起動する前に結果を待ってください。",
    "crew.one_task": (
        "1つの実働にはちょうど1つのタスクを渡します。{agent} の prompt は {cmd} の {found} を"
        "挙げています。タスクごとに1つの Agent 呼び出しを、Wave 単位で1つのメッセージで起動して"
        "ください。"
    ),
    "crew.wrong_result": "タスク {task} の実働が書くのは result_{task}.md で、{result} ではありません。",
    "crew.unknown_task": "タスク {task} は {cmd} の計画（plan.md の表）にありません。",
    "crew.wrong_persona": (
        "タスク {task} のペルソナは {persona} です。{given} ではなく {agent} を起動してください。"
    ),
    "crew.dependencies": (
        "タスク {task} は、成功した結果のないタスクに依存しています: {missing}。依存元が成功する前に"
        "タスクを起動してはいけません。先にそれらを完了（またはリトライ）してください。依存元が"
        "最終的に失敗したタスクはスキップされます。"
    ),
    "crew.already_done": "{cmd} のタスク {task} には、すでに検証済みの成功した結果があります。",
    "crew.retry_limit": (
        "タスク {task} はリトライを使い切りました（{retries} / {limit}）。もう起動しないでください。"
        "FAILED_TASKS として集約役に渡します（結果がなければ status: failure の最小限の result を"
        "書いてください）。"
    ),
    "crew.same_file": (
        "タスク {task} が書く {file} は、実行中の task_{other} も書きます。1つのファイルの書き手は"
        "1つだけです。task_{other} の完了を待ってください。"
    ),
    "crew.workers_running": "{cmd} のタスクがまだ実行中です（{tasks}）。集約役の前に完了を待ってください。",
    "crew.tasks_left": (
        "{cmd} にはまだ実行できるタスクがあります: {tasks}。集約役の前にそれら（またはそのリトライ）"
        "を実行してください。"
    ),
    "crew.failed_tasks": (
        "{cmd} には成功した結果のないタスクがあります。集約役の prompt に `{line}` の行を加えて"
        "ください。"
    ),
    "crew.no_summary": (
        "{cmd} にはまだ cmd_report_summary.md がありません。回顧役はフェーズ3（集約役）の後に起動します。"
    ),
    "crew.mode_missing": "回顧役にモードを渡してください: prompt に `MODE: {mode}` を加えます。",
    "crew.mode_full": (
        "{cmd} の要約は full モードの回顧を求めています（failure、partial、quality RED、または "
        "80 % 未満の YELLOW）。`MODE: full` を使ってください。"
    ),
    "crew.fix_report": (
        "{cmd} の報告はまだ整っていません: {problem}。cmd_report.md / cmd_report_summary.md を直して"
        "（要約のフロントマターは実行ログと同じことを言うこと）、それから終了してください。"
    ),
    "crew.passer_task": (
        "パス受け渡し係の原則: 親はタスク本文（{path}）を読みません。パスを実働に渡してください。"
        "読んでよいもの: plan.md のタスク表、result のメタデータヘッダー、cmd_report_summary.md、実行ログ。"
    ),
    "crew.passer_result": (
        "パス受け渡し係の原則: 親が読むのは result のメタデータヘッダーだけです。{path} を limit "
        "{lines}（offset なし）で Read するか、`python3 .claude/skills/crew/validate_result.py "
        "{path} <persona>` を実行してください。"
    ),
    "crew.passer_report": (
        "パス受け渡し係の原則: 親は cmd_report.md（{path}）を読みません。代わりに {summary} を読んで"
        "ください。"
    ),
    "crew.passer_report_section": (
        "パス受け渡し係の原則: cmd_report.md のうち親が読むのはメモリ候補のセクションだけです。"
        "{path} を offset {offset}、limit {limit} で Read してください。ほかは {summary} を読みます。"
    ),
    "crew.passer_proxy": (
        "{agent} は crew のエージェントではありません。読んだ内容は親に届くため、親と同じパス受け渡し係の"
        "原則が適用されます。{rule} タスク本文を読むのは crew の実働エージェントです。"
    ),
    "crew.passer_unseen": (
        "cmd が開いている間、親が実行できるのは playgate が中身を見通せるコマンドだけです（実行時に"
        "組み立てるコマンドやインタプリタの一行実行は不可）。タスクや結果の本文を読むおそれがあります。"
    ),
    "crew.passer_dynamic": (
        "cmd が開いている間、実行時にしか決まらないファイル引数（{command}）はタスクや結果の本文で"
        "ある可能性があります。ファイル名をそのまま書いてください。"
    ),
    "crew.files_review": (
        "{path} は crew-plan-reviewer の返答から playgate のフックが書きます。誰も編集しません。"
    ),
    "crew.files_skip": (
        "{path} を書くのは crew-decomposer です。親が plan.md と tasks/task_1.md を書くのは Phase 1 を"
        "省略するとき（1行の修正、設定値1つの変更）だけで、cmd のエージェントがまだ動いていないこと、"
        "タスクが1つ（| 1 | title | persona | model | - | writes |）であることが条件です。"
        "ここでは {why}。代わりに Agent(subagent_type='crew-decomposer') を実行してください。"
    ),
    "crew.skip_ran": "cmd のエージェントがすでに動いています",
    "crew.skip_task_1": "Phase 1 を省略した cmd のタスクは task 1 だけです",
    "crew.skip_one_row": "plan の表はちょうど1行（task 1、Depends On は -）でなければなりません",
    "crew.files_summary_claim": (
        "{path} は書けません: {problem}。要約は記録された result のヘッダーのとおりに書いてください"
        "（status は partial か failure、failed_tasks にそのタスクを挙げる）。"
    ),
    "crew.files_owner": "{path} を書くのは {owner} で、{agent} ではありません（役割ごとに書くファイルが決まっています）。",
    "crew.files_other_cmd": "{path} はあなたの cmd（{cmd}）とは別の cmd のファイルです。",
    "crew.files_other_result": (
        "{path} はあなたの result ではありません。あなたのタスクは task_{task} です。その result "
        "ファイルだけを書いてください。"
    ),
    "crew.files_parent_result": (
        "親が result を書けるのは、リトライを使い切ったタスクについて、ヘッダーが status: failure "
        "のものだけです（{path}、タスク {task}）。それ以外の result は実働が書きます。"
    ),
    "crew.files_log": (
        "{path} へのこの編集は拒否されました: {why}。cmd_id、started、finished、status、"
        "base_commit、plan_validation、tasks はフックが書きます。あなたのキー（approvals、notes）は"
        "その下にトップレベルで追加してください。"
    ),
    "crew.files_log_no_apply": "この編集は適用できません",
    "crew.files_log_hook_keys": "フックのキー（{keys}）を変えています",
    "crew.files_summary": (
        "{path} は集約役のファイルです。親が書けるのはフェーズ3を省略するとき（タスクが2件以下で"
        "集約役を起動していないとき）だけです。"
    ),
    "crew.files_bash": "{path} は Bash ではなく Write か Edit ツールで書いてください（役割ごとに書くファイルが決まっています）。",
    "crew.gate_parent_edit": (
        "crew ワークフローでは、親はプロジェクトのファイル（{path}）を変更しません。変更するのは "
        "cmd の中の実働です（Skill(skill='crew')）。親が適用するのは、一括承認でユーザーが承認した"
        "改善（ユーザーが回答でその ID を挙げ、実行ログの approvals: improvements: に記録したもの）と "
        "CHANGELOG.md だけです。"
    ),
    "crew.gate_parent_bash": (
        "crew ワークフローで親が実行するのは、crew のスクリプト、git、読み取り専用のコマンドです。"
        "`{command}` は何かを変更します。cmd の中で実働に任せてください。"
    ),
    "crew.gate_not_a_writer": (
        "{agent} はプロジェクトのファイル（{path}）を変更しません。crew ワークフローでは、"
        "crew-coder と crew-writer がタスクの Writes の範囲で変更します。"
    ),
    "crew.gate_no_task": (
        "{agent} は開いている cmd の1つのタスクのために起動されていない（prompt にタスクファイルが"
        "ない）ので、プロジェクトのファイルを変更しません。"
    ),
    "crew.gate_not_listed": (
        "タスク {task} の Writes 列（{writes}）に {path} はありません。1つのファイルの書き手は1つ"
        "だけです。タスクが挙げるファイルだけを書き、ほかに必要なものは result に書いてください。"
    ),
    "crew.memory_name": (
        "memory_server は {server!r} ですが、crew のエージェントが挙げているのは `memory` という名前の"
        "サーバーのツール（mcp__memory__search_nodes など）です。MCP の設定でサーバー名を `memory` に"
        "するか、.claude/agents/crew-*.md のエージェントの tools に mcp__{server}__search_nodes"
        "（crew-memory-writer には mcp__{server}__create_entities と mcp__{server}__add_observations も）"
        "を加えてください。それまでエージェントはメモリに届きません。"
    ),
    "crew.memory_off": (
        "メモリサーバーが設定されていません（.claude/crew-config.yaml の memory_server）。メモリの手順は"
        "飛ばしてください。メモリがなくてもフローは動きます。"
    ),
    "crew.memory_early": (
        "{cmd} はまだ実行中です。メモリ候補を保存するのは一括承認の後、回顧（回顧が無効なら集約）で cmd が"
        "閉じてからです。"
    ),
    "crew.memory_writer_only": (
        "{tool} はメモリへの書き込みです。書き込むのは crew-memory-writer だけで、一括承認でユーザーが"
        "承認した候補に限ります（Agent(subagent_type='crew-memory-writer') に cmd のディレクトリと"
        "承認されたエンティティを渡してください）。他のエージェントは検索だけを行います。"
    ),
    "crew.memory_no_delete": (
        "{tool} は crew が使うメモリツールではありません。crew は検索（search_nodes、open_nodes、"
        "read_graph）を行い、メモリ書き込み役がエンティティ・観察・関係を作成するだけで、削除はしません。"
        "知見の削除はユーザーに任せてください。"
    ),
    "crew.memory_shape": (
        "メモリへの書き込みには、オブジェクトの空でないリスト（entities、observations または "
        "relations）が必要です。"
    ),
    "crew.memory_too_many": (
        "1回の呼び出しにメモリエンティティが {count} 件あります。1つの cmd につき最大 {limit} 件"
        "です（retrospect.memory.max_candidates_per_cmd）。"
    ),
    "crew.memory_rejected": "メモリエンティティ {name!r} は拒否されました: {problem}。",
    "runtime.effect.record_crew_facts": "crew の記録",
    "runtime.effect.record_the_crew_launch": "crew の起動の記録",
    # ---- who owns a crew file; memory rules; the aggregator's and the agents' problems
    "crew.who_parent": "親",
    "crew.who_outsider": "crew 外のサブエージェント",
    "crew.who_worker": "task {task} の実働",
    "crew.files_log_not_yaml": "YAML として正しくありません（{detail}）",
    "crew.files_log_not_mapping": "キーのマッピングではありません",
    "crew.memory_no_name": "エンティティには name が必要です",
    "crew.memory_rejection_name": (
        "却下メモリは workflow:rejected_proposal:{{{categories}}} という名前で、entityType は "
        "rejection_memory にします"
    ),
    "crew.memory_name_shape": (
        "name は {{domain}}:{{category}}:{{identifier}} の形で、小文字、空白なしにしてください"
    ),
    "crew.memory_about_cmd": (
        "特定の cmd（cmd_NNN）についての内容です。cmd をまたいで成り立つことだけを残してください"
    ),
    "crew.memory_machinery": "crew 自身の仕組み（{word}）についての内容です",
    "crew.file_missing": "{file} がありません",
    "crew.plan_no_table": "plan.md にタスクの表がありません",
    "crew.review_no_verdict": "最後に判定の行（APPROVE、APPROVE-WITH-NOTES、REJECT）がありません",
    "crew.summary_too_long": "cmd_report_summary.md が {lines} 行あります（上限 {limit} 行）",
    "crew.summary_no_front_matter": (
        "cmd_report_summary.md にフロントマター（status、quality、completeness、failed_tasks）が"
        "ありません"
    ),
    "crew.summary_claims_success": (
        "cmd_report_summary.md は status: success としていますが、タスク {tasks} には成功した "
        "result がありません"
    ),
    "crew.worker_turns": "{turns} ターンで停止しました（worker_max_turns {limit}）",
    "crew.worker_last_retry": "最後のリトライでタイムアウトしました: {error}",
    "crew.and": "{first}。{second}",
    # ---- .claude/crew-config.yaml (statefiles/crew/config.py), fields of crew.config_problem
    "crew_config.not_mapping": "ファイルはキーのマッピングでなければなりません",
    "crew_config.unknown_key": "不明なキーです（無視します）",
    "crew_config.section_not_mapping": "マッピングでなければなりません。既定値を使います",
    "crew_config.bad_value": "{value} は {expected} ではありません。既定値 {default} を使います",
    "crew_config.no_pyyaml": "PyYAML がインストールされていません。既定値を使います",
    "crew_config.not_yaml": "YAML として読めません（{detail}）。既定値を使います",
    "crew_config.kind.model": "haiku、sonnet、opus のいずれか",
    "crew_config.kind.bool": "true か false",
    "crew_config.kind.text": "文字列",
    "crew_config.kind.name_or_null": "null か MCP サーバー名",
    "crew_config.kind.int0": "0 以上の整数",
    "crew_config.kind.int1": "1 以上の整数",
    "crew_config.kind.int1_or_null": "null か 1 以上の整数",
    "crew_config.kind.score": "0 から 15 までの整数",
    # ---- the plan's problems (statefiles/crew/plan.py), fields of crew.plan_problems
    "crew_plan.bad_number": "タスク行の番号 {value} が数値ではありません",
    "crew_plan.twice": "タスク {task} が2回出てきます",
    "crew_plan.persona": "タスク {task}: ペルソナ {value} は {allowed} のいずれでもありません",
    "crew_plan.model": "タスク {task}: モデル {value} は {allowed} のいずれでもありません",
    "crew_plan.dependency": "タスク {task}: 依存先 {value} がタスク番号ではありません",
    "crew_plan.unknown_dependency": (
        "タスク {task} が、計画にないタスク {dependency} に依存しています"
    ),
    "crew_plan.self_dependency": "タスク {task} が自分自身に依存しています",
    "crew_plan.cycle": (
        "タスク {tasks} は開始できません: 依存関係が循環しているか、存在しないタスクを指しています"
    ),
    "crew_plan.shared_write": (
        "タスク {first} と {second} は同じ Wave {wave} にあり、どちらも {path} に書き込みます: "
        "一方を他方に依存させてください"
    ),
    "crew_plan.in_file": "{file}: {problem}",
    "crew_plan.already_in_plan": "タスク {task} はすでに plan.md にあります",
    # ---- a cmd's tasks where it stopped (workflow/crew/progress.py)
    "crew.task_result_present": "task_{task}（結果あり）",
    "crew.task_no_result": "task_{task}（有効な結果なし: もう一度実行してください）",
    "crew.task_failed": "task_{task}（{status}、リトライ {retries} 回）",
    "crew.task_retry": "task_{task}（{agent}、{limit} 回中 {retry} 回目のリトライ）",
    "crew.no_failed_tasks_line": "FAILED_TASKS の行なし",
    # ------------------------------------------------------------ shared
    "shared.state_problems": " state.md に問題があります: {problems}。",
    "shared.state_problems_more": " state.md に問題があります: {problems} (ほかに問題が {more} 件あります)。",
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
    'playbook_guard.self_review': (
        'この編集は {plan} をレビュー済み (meta.reviewed: true) にしますが、この playbook に対して PASS を記録した '
        'reviewer の実行がありません。reviewer の PASS は、reviewer subagent が終了したときに playgate '
        'が自分で記録します。playbook を自分でレビュー済みにしないでください: この編集を取り消し、これに対して '
        "Agent(subagent_type='reviewer', run_in_background: false) を呼び出してください。"
    ),
    "playbook_guard.playbook_error": "{error}。state.md を修正してください (state.md は編集可能なままです)。",
    'playbook_guard.no_playbook': (
        "現在の playbook が無いため、ファイルを編集できません。Skill(skill='playbook-init') を呼び出してください: "
        'ユーザーが理解確認を承認した後、pm が play/<id>/plan.json と progress.json を書き、reviewer '
        'がレビューします。reviewer の PASS で playgate が playbook を現在の playbook にします。'
    ),
    'playbook_guard.plan_error': (
        '現在の playbook を読み込めません: {error}。playbook を修正する (編集可能なままです) か、state.md の '
        'playbook.active を正しい plan.json に向けてください。'
    ),
    'playbook_guard.progress_error': (
        '現在の playbook の progress を読み込めません: {error}。{progress} を修正するか作り直して (編集可能なままです。形は '
        'play/template/progress.json を参照してください)、もう一度実行してください。'
    ),
    'playbook_guard.not_reviewed': (
        '{plan} はレビューされていません (meta.reviewed が true ではありません)。これに対して '
        "Agent(subagent_type='reviewer', run_in_background: false) を呼び出してください。応答が 'REVIEW: "
        "PASS {plan}' で終われば、playgate がレビューを記録し、playbook を現在の playbook にします。編集はその後に始められます。"
    ),
    'playbook_guard.no_context': (
        "{plan} に 'context' がありません: 理解確認がまだ行われていません。理解確認をユーザーに提示し (playbook-init の手順 "
        "2)、承認された理解を pm に plan.json の 'context' へ記録させてから、もう一度 reviewer を呼び出してください。"
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
    "protected_edit.other_tool": (
        "{tool} は {path} を指定しています。Read・Edit・Write・Bash 以外のツールがファイルを指定した場合、"
        "ツール名が何であれ、そのファイルを変更するものとして扱います。"
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
    # ------------------------------------------------------------ sandbox wall (Claude Code's Bash sandbox, the outer wall)
    "sandbox_wall.missing": (
        "このプロジェクトは Bash を Claude Code のサンドボックス内で実行する設定です "
        "(.claude/settings.json の sandbox.enabled)。しかしこのマシンには {missing} が無いため、"
        "Claude Code はサンドボックスなしでコマンドを実行してしまいます。サンドボックスが使えるようになるまで "
        "playgate は Bash をブロックします。ユーザーにインストール (`{command}`) と Claude Code の再起動を"
        "依頼してください。このマシンでサンドボックスなしで実行するかどうかはユーザーが決めることです: "
        'ユーザー自身が .claude/settings.local.json に "sandbox": {{"enabled": false}} を設定します。'
    ),
    "sandbox_wall.unsupported": (
        "このプロジェクトは Bash を Claude Code のサンドボックス内で実行する設定です "
        "(.claude/settings.json の sandbox.enabled)。Claude Code は {platform} ではサンドボックスを"
        "提供できないため、playgate はここで Bash をブロックします。Linux か macOS (または WSL2) の"
        "マシンを使うか、ユーザー自身の判断で .claude/settings.local.json に "
        '"sandbox": {{"enabled": false}} を設定してサンドボックスなしで実行してください。'
    ),
    "sandbox_wall.unknown": (
        "サンドボックスの設定を読めません (設定レイヤー: {layers}: JSON として不正) 。Bash が"
        "サンドボックス内で動くかどうか分からないため、playgate はブロックします。その設定ファイルを"
        "直すようユーザーに依頼してください。"
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
    'bash_check.why_playbook_error': (
        '現在の playbook がありません (state.md の playbook.active を使えません: {error})'
    ),
    'bash_check.why_no_playbook': '現在の playbook がありません',
    'bash_check.admin_extra': (
        " セキュリティモード 'admin' では保守用コマンド (playbook を play/archive/ へアーカイブ、git add "
        'state.md や play/...、git commit) は許可されます。'
    ),
    'bash_check.no_playbook': (
        'bash-check: {why}。そのため、ファイルやリポジトリを変更するコマンドはブロックされます (検出: '
        "{found})。Skill(skill='playbook-init') で作業を始めてください — 依頼を分析し、レビュー済みの playbook "
        'を作成します。それまでも読み取り専用コマンド (ls、cat、grep、git status/log/diff)、ブランチの作成・切り替え、git '
        'fetch/pull、そして最後にアーカイブした playbook のブランチでの git add と git commit は使えます。{extra}'
    ),
    'bash_check.also': 'ほかにも: {findings}。',
    'bash_check.ask': '{family}のコマンドなので、実行前に確認します: {message}。{more}({source}) 今すぐ実行してよい場合だけ許可してください。',
    'bash_check.ask_context': 'この{family}のコマンド ({message}) はユーザーの確認待ちです。拒否された場合は別の手段で同じ結果を得ようとせず、ユーザーに意図を確認してください。',
    'bash_check.family_warn': '設定 ({source}) により、破壊的な{family}のコマンドを通しました: {message}。ユーザーが本当に望んでいるか確認してください。',
    'bash_check.advice_default': '本当に必要なら、ユーザー自身に実行を依頼してください。',
    'bash_check.destructive': 'bash-check が破壊的なコマンドをブロックしました ({kind}): {message}。{more}{advice}',
    'custom_rules.block': (
        'プロジェクトのルール {rule!r} ({file}) によりこのコマンドはブロックされました: {reason} '
        '(該当: {command})。{more}別の手段で実行しようとしないでください。本当に必要なら、'
        'ユーザー自身に実行してもらうか、ルールの変更を依頼してください。'
    ),
    'custom_rules.ask': 'プロジェクトのルール {rule!r} ({file}): {reason} (該当: {command})。{more}',
    'custom_rules.ask_context': (
        'プロジェクトのルール {rule!r} ({file}) により、このコマンドはユーザーの確認待ちです: {reason}。'
        '拒否された場合は別の手段で同じ結果を得ようとせず、ユーザーに意図を確認してください。'
    ),
    'custom_rules.also': 'ほかに該当するルール: {rules}。',
    'custom_rules.broken': (
        'プロジェクトのカスタムルール {file} が壊れています ({problem})。ルールを適用できないため、'
        '修正されるまで Bash コマンドは実行できません。ユーザーにファイルの修正を依頼してください'
        ' (ユーザーが `playgate validate` を実行すれば問題の行をすべて確認できます)。'
        'このファイルはあなたには編集できません。'
    ),
    'bash_check.computed_path': (
        'bash-check: {how} が {path!r} に書き込みます。実行時に決まるパスなので、state.md、playbook ファイル、'
        '保護されたファイルである可能性があります。パスをそのまま書いてください。'
    ),
    'bash_check.computed_paths': (
        'bash-check: {how} は実行時に初めて決まるパス (入力や変数から受け取るもの) {verb}。それが state.md、'
        'playbook ファイル、保護されたファイルである可能性があります。パスをそのまま書いてください。'
    ),
    'message.dynamic_part': '<実行時に決まる値>',
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
        'bash-check: このコマンドが実行するスクリプト {script} に破壊的なコマンドが含まれています ({kind}): {message}。'
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
    'bash_check.advice.data-destroy': 'データを変更する文では対象を明示してください (WHERE 句)。DROP・TRUNCATE・FLUSH の前にはユーザーに確認してください。',
    'bash_check.advice.package-remove': 'システムのパッケージを削除しないでください。必要なものはプロジェクト自身の環境に入れるか、ユーザーに依頼してください。',
    'bash_check.advice.service-stop': 'システムのサービスには手を出さないでください。停止・無効化はユーザーに依頼してください。',
    'bash_check.advice.fanout-exec': '入力をコードとしてシェルに渡さないでください。実行したいコマンドをそのまま書くか、scripts/ 配下のレビュー済みスクリプトを実行してください。',
    'bash_check.advice.infra-destroy': 'ユーザー自身に実行を依頼してください。インフラやデータストアの削除は playbook の作業には含まれません。',
    # ------------------------------------------------------------ consent, pending, critic, phase-status, depends, scope, work-request
    'shared.view_error': '{error}。正確な編集でやり直すか、play/template/ の形でファイル全体を Write してください。',
    'consent_guard.not_confirmed': (
        '理解確認がまだ承認されていないため、ファイルを編集できません。理解確認 (何をするか、なぜ、どのように、範囲、'
        '対象外、リスク、確認方法) をユーザーに提示し、ターンを終えて返答を待ってください。ユーザーが「はい」と答えると '
        '.claude/.session-init/consent が解除されます (再開したセッションでも同じです)。'
    ),
    # ---- faults: the archive state in the Edit/Write chain (pending-guard)
    'pending_guard.archive_open': (
        'playbook{playbook} のアーカイブが始まったまま終わっていません ({status})。今すぐ `{command}` を実行してください: '
        'アーカイブを再開し、post-loop を実行します。編集はその後に再開できます (それまでも state.md、playbook ファイル、'
        '.claude/session-state/ は編集できます)。'
    ),
    'pending_guard.archive_due': (
        'playbook{playbook} は critic の PASS が記録されて完了していますが、アーカイブされていません。今すぐ `{command}` '
        'を実行してください: playbook をアーカイブし、post-loop を実行します。編集はその後に再開できます (それまでも '
        'state.md、playbook ファイル、.claude/session-state/ は編集できます)。'
    ),
    'pending_guard.post_loop': (
        'playbook{playbook} はアーカイブされましたが、post-loop がまだ実行されていません。今すぐ実行してください: `{command}` '
        '(レポートの読み方は post-loop skill にあります)。これで {marker} が解除されます。編集はその後に再開できます (それまでも '
        'state.md、playbook ファイル、.claude/session-state/ は編集できます)。'
    ),
    # ---- critic-guard: a playbook the archive moved away
    'critic_guard.archived': (
        '{label} はもうありません。playbook は {archive}/ にアーカイブされました (critic は合格済みです)。'
        'そこに記録することは残っていません。{then}'
    ),
    'critic_guard.archived_post_loop': '今すぐ post-loop ハンドラーを実行してください: `{command}`。',
    'critic_guard.archived_done': (
        "post-loop の報告にあるものをコミットするか、Skill(skill='playbook-init') で次のタスクを始めてください。"
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
        'phase {phase} は、まだ完了していない phase に依存しています: {deps}。先にそちらを完了させてください。'
        'phase は、そのすべての subtask が critic の合格を得た時点で完了になります。'
    ),
    # ---- check-state-update
    'check_state_update.unrecorded': (
        'このコミットには作業 ({files}) が含まれますが、{progress} には前回のコミット以降の記録がありません。'
        '先に記録し、その記録を作業と一緒にコミットしてください: {update}'
    ),
    'check_state_update.more': ' ほか {count} 件のファイル',
    'check_state_update.subtask': (
        'subtask {subtask} ({status}) の検証を証拠付きで記録してください (未記録: {validations})。'
        '手順は playbook-init スキルのとおりです。'
    ),
    'check_state_update.goal': (
        "state.md の goal.status が in_progress ではなく '{status}' です。playbook が有効化されていない"
        '可能性があります (reviewer の合格で有効化されます)。'
    ),
    # ---- depends-check: warn or block
    'depends_check.warned': '{message}これは警告です。この編集はそのまま実行されます。',
    'depends_check.blocked': (
        '{message}{why} により depends-check が厳格モードになっているため、ブロックしました。'
        '依存先の phase を先に進めてください。'
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
        'この依頼は現在の playbook {plan}{goal} の範囲外のようです: {reasons}。計画外の作業を紛れ込ませないでください: '
        '先に playbook を完了させるか、スコープを広げるべきかユーザーに確認してください (pm が plan.json を更新し、reviewer '
        'が再レビューします)。'
    ),
    'prompt_work_request.workflow_start': (
        "このプロンプトは作業を依頼しています（{reason}）。有効なワークフローは {title} です（{docs}）: "
        "Skill(skill='{start}') から始めてください。手順はそのスキルに書かれています。"
    ),
    'prompt_work_request.no_playbook': (
        "このプロンプトは作業の依頼です ({reason}) が、現在の playbook がありません。Skill(skill='playbook-init') "
        'から始めてください: 依頼を分析して理解確認を提示し、ユーザーが承認したら、pm が新しいブランチで play/<id>/plan.json と '
        'progress.json を書き、reviewer がレビューします。レビュー済みの playbook が現在の playbook '
        'になるまで、編集はブロックされます。'
    ),
    'prompt_work_request.needs_consent': (
        '理解確認にはユーザーの承認が必要です。何をするか、なぜ、どのように、範囲、対象外、リスク、確認方法を提示し、'
        'ターンを終えて返答を待ってください。ユーザーが「はい」と答えるまで、編集はブロックされたままです '
        '(.claude/.session-init/consent)。'
    ),
    'prompt_work_request.post_loop_first': '先に保留中の post-loop を実行してください: `{command}`。',
    # ---- session-health
    'session_health.map_drift': (
        '{map} が git の管理するファイルと一致しなくなっています: {differences}。作業で構成が変わるときは、'
        'このマップ{document}を更新してください ({flag} に記録しました)。'
    ),
    'session_health.map_count': '{directory}: マップでは {expected} 件、git の管理下では {actual} 件',
    'session_health.map_new': '{directory}/: マップになく、git の管理下に {actual} 件',
    'session_health.map_more': 'ほか {count} 件の差分',
    'session_health.map_document': 'と、マップが指す {document} ',
    'session_health.map_problem': 'リポジトリマップを比較できませんでした: {problem}。',
    'session_health.unregistered': (
        '.claude/settings.json に次のフックが登録されていません: {events}。これらのイベントは'
        'ガードなしで実行されます。playgate のインストーラーを再実行するようユーザーに依頼してください。'
    ),
    'session_health.missing_files': (
        'ゴールデンパスに必要なファイルがありません: {files}。playgate のインストーラーを'
        '再実行するようユーザーに依頼してください。'
    ),
    'session_health.errors': (
        '前回のセッション以降、ガードのエラーが {count} 件記録されています (最後は {where})。詳細は '
        '{log} にあります。そのために呼び出しがブロックされた場合は、ユーザーに伝えてください。'
    ),
    'repomap.not_yaml': '{map} は正しい YAML ではありません ({error})',
    'repomap.no_directories': "{map} に、ディレクトリとファイル数の対応 'directories:' がありません",
    'repomap.bad_entry': "{map}: '{entry}' はディレクトリとファイル数の組ではありません",
    'repomap.unreadable': '{map} を読み込めません ({error})',
    'repomap.too_large': '{map} が {limit} バイトを超えています',
    'repomap.no_index': 'git のインデックスを読み込めないため、{map} を比較できませんでした',
    # ------------------------------------------------------------ session-start
    'session_start.stale_pending': '以前のセッションが残した古い post-loop-pending を削除しました。',
    'session_start.missing_plan': '{plan} が存在しません',
    'session_start.active_reset': 'state.md の playbook.active を null に戻しました: {reason}。',
    'session_start.active': 'playgate ワークフローゲートが有効です。',
    'session_start.still_read': (
        '再開した会話です。次のファイルはこの会話で読んだときから変わっていません: {files}。内容が必要なときだけ読み直してください。'
    ),
    'session_start.read_first': 'まず次のファイルを読んでください (Read ツール)。読み終えるまでほかのツールはブロックされます: {files}。',
    'session_start.no_state': 'state.md がありません: ワークフローの状態を読めません。ユーザーに `{repair}` の実行を依頼してください。',
    'session_start.no_state_plugin': 'state.md がありません: ワークフローの状態を読めません。ユーザーに `{data}/venv/bin/playgate init -C <repo>` (playgate プラグインのコマンドラインツール) の実行を依頼してください。',
    'session_start.playbook': '現在の playbook: {plan} (phase {phase}、subtask {done}/{total} 完了)。',
    'session_start.no_playbook': "現在の playbook はありません: 作業の依頼はすべて Skill(skill='playbook-init') から始めてください。",
    'session_start.workflow_idle': (
        "有効なワークフローは {title} です: 作業の依頼は Skill(skill='{start}') から始めてください。"
    ),
    'session_start.no_playbook_workflow': "有効なワークフローは {title} です: 作業の依頼はユーザーの /{start} コマンドから始まります（golden path の playbook-init は使いません）。",
    'session_start.branch': 'ブランチ: {branch}。',
    'session_start.branch_main': 'ブランチ: {branch} — 作業はここではなく作業ブランチで行います。',
    'session_start.branch_trunk': (
        'ブランチ: {branch} — トランクベース（config.branch_policy: trunk）: 作業は {branch} 上で行います。'
        '短命なブランチは作業が終わったら {branch} にマージして削除します（git branch -d）。'
    ),
    'session_start.playbook_problem': '問題: {problem}。修正してください (playbook のファイルは編集可能なままです)',
    'session_start.problem': '問題: {problem}',
    'session_start.bad_language': (
        '問題: state.md の config.language が {value} です。使える言語は en と ja なので、メッセージは英語になります。'
        'config.language を en か ja に設定するようユーザーに依頼してください。'
    ),
    # ------------------------------------------------------------ critic-guard
    'critic_guard.howto': (
        '三つの検証 (technical、consistency、completeness: 証拠付きの PASS) を記録し、これに対して '
        "Agent(subagent_type='critic', run_in_background: false) を呼び出してください。'CRITIC: PASS "
        "<subtask-id>' が返れば、playgate が validated_by、validated_at を設定し、status を done "
        'にします。それまで status は in_progress のままにしてください。'
    ),
    'critic_guard.done_without_critic': 'critic の検証なしに done に設定されています: {problems}',
    'critic_guard.phase_unchecked': 'phase {phases} が done に設定されましたが、その subtask を検査できません: {error}',
    'critic_guard.phase_without_critic': 'subtask {subtasks} に critic が検証した根拠が無いまま phase {phase} が done に設定されています',
    'critic_guard.progress_problems': '{label}: {problems}。{howto}',
    'critic_guard.pass_unrecorded': (
        '{label}: critic.status が PASS に設定されていますが、{ledger} にはこの playbook に対する critic の PASS '
        "の記録がありません。プロンプトに 'playbook' を含めて Agent(subagent_type='critic', run_in_background: "
        "false) を呼び出してください: その 'CRITIC: PASS playbook' 行で critic.status が PASS になります。"
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
        'done のステータスがあります ({parts})。現在の playbook にする前に、それらのステータスを戻すか critic に検証させてください。'
    ),
    'critic_guard.goal_done_no_playbook': (
        'state.md: goal.status が done に設定されましたが、現在の playbook が無いため、それを裏付ける critic '
        'の判定がありません。作業はレビュー済みで critic が合格を出した playbook を通して行います。goal.status はそのままにしてください。'
    ),
    'critic_guard.goal_done_unreadable': (
        'state.md: goal.status が done に設定されましたが、現在の playbook を読み込めません ({error})。'
        'done を裏付けるものがありません。'
    ),
    'critic_guard.goal_done_incomplete': (
        'state.md: goal.status が done に設定されましたが、{plan} は critic の根拠を伴って完了していません: '
        '{parts}。{howto}'
    ),
    # ------------------------------------------------------------ subtask-guard, executor-guard
    'subtask_guard.no_evidence': (
        '{label}: subtask が done になるのは critic の証拠がそろったときだけです (三つの検証すべてが証拠付きの '
        "PASS、validated_at が設定済み、validated_by が 'critic')。不足: "
        "{problems}。検証を証拠付きで記録してから、これに対して Agent(subagent_type='critic', run_in_background: "
        'false) を呼び出してください: critic の PASS で playgate が done にします。それまで status は in_progress '
        'のままにしてください。'
    ),
    'subtask_guard.latest_fail': ' (最新の判定は FAIL: {subtasks})',
    'subtask_guard.no_ledger_pass_one': (
        '{label}: {subtasks} が done に設定されていますが、critic の記録 ({ledger}) にはこれに対する critic の実行による '
        "PASS がありません{failed}。これに対して Agent(subagent_type='critic', run_in_background: false) "
        "を呼び出してください: その 'CRITIC: PASS <subtask-id>' 行が記録され、done になります。"
    ),
    'subtask_guard.no_ledger_pass_many': (
        '{label}: {subtasks} が done に設定されていますが、critic の記録 ({ledger}) にはこれらに対する critic '
        "の実行による PASS がありません{failed}。これらに対して Agent(subagent_type='critic', "
        "run_in_background: false) を呼び出してください: その 'CRITIC: PASS <subtask-id>' 行が記録され、done "
        'になります。'
    ),
    'subtask_guard.require_critic_run': (
        '(critic の実行の記録が必要です。これを緩められるのはユーザーだけです: state.md の config.require_critic_run: '
        'false。)'
    ),
    'subtask_guard.removes': '未完了の subtask {subtasks} を削除し',
    'subtask_guard.changes': '{fields} を変更し',
    'subtask_guard.and': '、',
    'subtask_guard.reviewed_plan': (
        '{label}: この編集はレビュー済みの plan で {parts}。レビュー済みの plan は critic '
        'が照合する約束事です。変更するには再レビューが必要です: 同じ編集で meta.reviewed を false にして '
        "Agent(subagent_type='reviewer', run_in_background: false) を呼び出すか、ユーザーに確認してください。"
    ),
    'executor_guard.others_in_progress': (
        '現在の subtask は {subtask} (Claude Code の担当) ですが、{others} も進行中です: その作業は担当の委譲先が行うもので、'
        'ここでの編集で行うものではありません。'
    ),
    'executor_guard.about': 'subtask {subtask}',
    'executor_guard.about_criterion': "subtask {subtask} ('{criterion}')",
    'executor_guard.unknown_executor': (
        "現在の {about} の {how} は '{executor}' ですが、どの toolstack も知らない executor です "
        '({known})。plan の修正 (再レビュー付き) をユーザーに依頼してください。それまでこのコードは書きません。'
    ),
    'executor_guard.not_in_toolstack': (
        '現在の {about} は {executor} ({how}) の担当ですが、toolstack {stack} (state.md の '
        'config.toolstack) にあるのは {have} だけです。toolstack の切り替えか plan の executor の変更をユーザーに依頼してください。'
    ),
    'executor_guard.user': (
        '現在の {about} はユーザーが行う作業です ({how})。ユーザーに依頼し (AskUserQuestion)、結果を progress.json '
        'に記録してください。別の subtask に取り組んでいるなら、先に progress.json の active.subtask をそれに設定してください。'
    ),
    'executor_guard.ctx_subtask': 'Subtask: {subtask}',
    'executor_guard.ctx_criterion': '完了条件: {criterion}',
    'executor_guard.none_given': '(指定なし)',
    'executor_guard.ctx_executor': 'Executor: {executor} ({how})',
    'executor_guard.ctx_iteration': '反復: {count} / {limit} (max_iterations)',
    'executor_guard.ctx_last_failure': '前回の失敗 (委譲先のプロンプトに含めてください):\n{failure}',
    'executor_guard.exhausted': (
        '現在の {about} は {executor} の担当で、すでに {count} 回失敗しています (max_iterations {limit})。'
        '再度の委譲も、自分でコードを書くこともしないでください: 再試行・中止・手作業のどれにするかユーザーに確認してください (AskUserQuestion)。'
    ),
    'executor_guard.delegate': (
        '現在の {about} は {executor} の担当です: そのコードは Claude Code が書きません ({path})。subtask の '
        "id、基準、変更するファイル、下記の直近の失敗を渡して Agent(subagent_type='{agent}', run_in_background: "
        "false) を呼び出し、その後 progress.json に検証を証拠付きで記録して、これに対して Agent(subagent_type='critic', "
        'run_in_background: false) を呼び出してください。別の subtask に取り組んでいる場合は、先に progress.json の '
        'active.subtask をその subtask にしてください。'
    ),
    # ------------------------------------------------------------ prompt-analyzer gate
    'prompt_analyzer_gate.state_md_hint': ' playbook-init が始まるとすぐに state.md は編集可能になります (playbook-init が {marker} を作成します)。',
    'prompt_analyzer_gate.pending_hint': ' このセッションは始まったばかりです: まず state.md を Read してください (読むファイルはセッション開始時のメッセージに一覧があります)。',
    'prompt_analyzer_gate.needs_consent': (
        'まず理解確認を行います。依頼を分析し、ユーザーに提示してください (何をするか、なぜ、どのように、範囲、'
        '対象外、リスク、確認方法)。そのうえでターンを終え、返事を待ってください。ユーザーが「はい」と答えるまで'
        '編集は保留されます (.claude/.session-init/consent)。'
    ),
    # ---- a look before planning
    'looking.hint': (
        'これがプロジェクトのテストやリンターの実行なら、ユーザーはそのコマンドを .claude/permission-config.yaml の '
        'project_commands に宣言できます。宣言されたコマンドは、宣言どおりの形か読むだけの引数であれば、playbook '
        'ができる前でも実行でき、許可ダイアログも出ません (ヘッドレスではダイアログに誰も答えないため、呼び出しは拒否されます)。'
    ),
    'prompt_analyzer_gate.after_archive': (
        '現在の playbook はありません。直前の playbook は {archive}/ にアーカイブされたため、{tool} は'
        '使えません。{then}'
    ),
    'prompt_analyzer_gate.not_analysed': (
        '現在の playbook が無く、依頼もまだ分析されていないため、{tool} は使えません。ゴールデンパスを始めてください: '
        "Skill(skill='playbook-init') を呼び出します (分析と理解確認、その後 pm と reviewer)。それまでは "
        'Read、Grep、Glob と読み取り専用コマンドだけが使えます。'
    ),
    # ------------------------------------------------------------ spec-phase-gate
    'spec_phase_gate.order': (
        'phase は initialized → design-generated → implementation-complete の順に進みます。'
        '改訂では implementation-complete から design-generated に戻ります。initialized と design-generated '
        'は blocked になることがあり (blocked_info.blocked_by を伴う)、ブロックされた時点の phase に戻ります'
    ),
    'spec_phase_gate.unreadable': 'spec.yaml は読み取れる状態を保つ必要があります: {error}',
    'spec_phase_gate.no_phase': 'spec.yaml に `phase` がありません。次のいずれかを設定したままにしてください: {phases}',
    'spec_phase_gate.unknown_phase': "不明な phase '{phase}' です。既知の phase: {phases}。",
    'spec_phase_gate.blocked_needs_by': (
        "phase 'blocked' には blocked_info.blocked_by (失敗してこの spec をブロックしている spec。"
        'blocked_by = {{failed_spec}}) が必要です。それと blocked_info.blocked_at_phase '
        'を追加してください。'
    ),
    'spec_phase_gate.new_not_initialized': (
        "新しい spec は '{phase}' ではなく phase 'initialized' から始まります。"
        'initialized として作成し、パイプラインの進行に合わせて進めてください。'
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
        "{feature} は {by} によってブロックされています。ブロック中は '{phase}' に進めません。"
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
        '{path} を更新するのはリードだけです: subagent は結果を完了報告で返し、リードが spec.yaml '
        '(phase、version_refs、changelog) を更新します。'
    ),
    'spec_phase_gate.uncomputable': (
        '{path}: この {tool} の結果を計算できない ({error}) ため、phase の遷移を検査できません。Edit か Write '
        'を使ってください。'
    ),
    'shared.unknown_reason': '原因不明',
    # ---- sdd: sync-sdd (seed 003): shared words, sdd-ownership
    'sdd.the_lead': 'リード',
    'sdd.a_subagent': 'サブエージェント',
    'sdd.nobody': '誰も書きません（フックが書きます）',
    'sdd_ownership.refused': (
        '{path} は{what}です。sync-sdd ではこれを書くのは {owner} で、{writer} '
        'ではありません。{route}'
    ),
    'sdd_ownership.kind_spec': 'フィーチャーの spec.yaml',
    'sdd_ownership.kind_design': 'フィーチャーの設計（design.md）',
    'sdd_ownership.kind_research': 'フィーチャーの調査メモ（research.md）',
    'sdd_ownership.kind_tasks': 'フィーチャーのタスク一覧（tasks.yaml）',
    'sdd_ownership.kind_verdicts': 'フィーチャーのレビュー記録（verdicts.md）',
    'sdd_ownership.kind_review': 'インスペクターの指摘（.review/<インスペクター>.cpf）',
    'sdd_ownership.kind_verdict': 'オーディターの判定（.review/verdict.cpf）',
    'sdd_ownership.kind_review_dir': 'レビューパイプライン（.review/）',
    'sdd_ownership.kind_feature_other': 'フィーチャーディレクトリの成果物ではないもの',
    'sdd_ownership.kind_notes': 'セッションノート（.sdd/handover/）',
    'sdd_ownership.kind_sdd_other': 'フレームワークのファイル（.sdd/）',
    'sdd_ownership.kind_code': '実装コード',
    'sdd_ownership.route_spec': 'spec.yaml はサブエージェントの報告をもとにリードが更新します。',
    'sdd_ownership.route_design': (
        "変更はアーキテクト経由で行ってください: Skill(skill='sdd-roadmap') に `revise {feature}` "
        "（`/sdd-roadmap revise {feature}`）。変更内容を渡して "
        "Agent(subagent_type='sdd-architect') を起動します。"
    ),
    'sdd_ownership.route_research': (
        "変更はアーキテクト経由で行ってください: Skill(skill='sdd-roadmap') に `revise {feature}` "
        "（`/sdd-roadmap revise {feature}`）。変更内容を渡して "
        "Agent(subagent_type='sdd-architect') を起動します。"
    ),
    'sdd_ownership.route_tasks': (
        "タスクの変更はタスクジェネレーター経由です: Skill(skill='sdd-roadmap') に `revise {feature}`。"
        "Agent(subagent_type='sdd-taskgenerator') を起動します。リードは終わったタスクを "
        "`status: done` にする（Edit）だけです。"
    ),
    'sdd_ownership.route_verdicts': (
        'これは誰も編集しません: オーディターが終了すると、playgate が .review/verdict.cpf から判定を'
        '追記します。読んでください。判定を変えるにはレビューをやり直します。'
    ),
    'sdd_ownership.route_review': (
        '各インスペクターは自分の .review/<自分の名前>.cpf だけを書きます。書き直すにはその'
        'インスペクターを起動してください。'
    ),
    'sdd_ownership.route_verdict': (
        "書くのはそのレビューのオーディターだけです: インスペクターの後に "
        "Agent(subagent_type='{owner}') を起動してください。"
    ),
    'sdd_ownership.route_review_dir': (
        '判定が記録されたら、リードが .review/ を削除します（rm -r <feature>/.review）。ほかには何も'
        '書きません。'
    ),
    'sdd_ownership.route_feature_other': (
        'フィーチャーディレクトリに置くのは spec.yaml、design.md、research.md、tasks.yaml、'
        'verdicts.md、.review/ です。それ以外は別の場所に置いてください。'
    ),
    'sdd_ownership.route_notes': 'セッションノートはリードのものです: 記録してほしいことは報告に書いてください。',
    'sdd_ownership.route_sdd_other': 'フレームワークのファイルはリードのものです: 変えてほしいことを報告してください。',
    'sdd_ownership.route_code': (
        "実装コードはビルダーのものです: タスクを渡して Agent(subagent_type='sdd-builder') "
        "を起動してください（プロンプトにフィーチャー名を書きます: `Feature: <name>`）。"
    ),
    'sdd_ownership.no_plan': (
        '{path}: ビルドできる状態のフィーチャーがないため、まだ実装コードは書けません（コードの前に計画）。'
        'ビルダーが作業するのは、phase が design-generated で、アーキテクトの design.md とタスク'
        'ジェネレーターの tasks.yaml があるフィーチャーの下だけです。リードに伝えてください。'
    ),
    'sdd_ownership.no_plan_bash': (
        'ビルドできる状態のフィーチャー（phase design-generated、design.md と tasks.yaml あり）が'
        'ないため、コードを変えうるコマンドは拒否されます。リードに伝えてください。'
    ),
    'sdd_ownership.programs': (
        'sync-sdd では {writer} はファイルを変えうるコマンドを実行しません: プログラムやテストの実行は'
        'ビルダーと test・e2e インスペクターの役目です（各エージェントのツール）。リードが'
        '実行するのは読み取り専用のコマンド、git（パスのチェックアウトを除く）、自分のファイルへの '
        "rm/mv/mkdir です。それ以外は Agent(subagent_type='sdd-builder') を起動してください。"
    ),
    'sdd_ownership.tasks_bash': (
        '{path}: リードはタスクを done にするだけで、シェルでの tasks.yaml の書き込みは検査できません。'
        '`status: done` の設定には Edit を使ってください。'
    ),
    'sdd_ownership.tasks_structure': (
        "{path}: リードはタスクを `status: done` にするだけですが、この変更は"
        "それ以上のことをしています: {problem}。タスクの変更は Agent(subagent_type='sdd-taskgenerator') "
        "経由です（Skill(skill='sdd-roadmap') に `revise {feature}`）。"
    ),
    'sdd_ownership.tasks_uncomputable': '結果を計算できません',
    'sdd_ownership.tasks_new': 'tasks.yaml を新しく作ります（書くのはタスクジェネレーターです）',
    'sdd_ownership.tasks_unreadable': 'YAML として読めません（{problem}）',
    'sdd_ownership.tasks_no_list': '今の tasks.yaml に tasks の一覧がありません',
    'sdd_ownership.tasks_no_list_after': '結果に tasks の一覧がありません',
    'sdd_ownership.tasks_keys': '{keys} を変えています',
    'sdd_ownership.tasks_count': 'タスクの数を変えています（{before} → {after}）',
    'sdd_ownership.tasks_task': 'タスク {task} の状態以外を変えています',
    'sdd_ownership.tasks_status': 'タスク {task} を done ではなく {status!r} にしています',
    # ---- sdd: sdd-phase-gate (seed 003 Spec 5, at the start of a subagent)
    'sdd_phase_gate.no_feature': (
        "{agent} は起動されません: プロンプトにフィーチャーがありません。1 行で `Feature: <name>` と"
        "書いてください（サブエージェントが知るのはプロンプトだけです: フィーチャー、パス、スコープ、指示）。"
        "フィーチャー: {features}。"
    ),
    'sdd_phase_gate.unknown_feature': (
        "{agent} は起動されません: フィーチャー {feature} には spec.yaml がありません。先にリードが "
        ".sdd/project/specs/{feature}/spec.yaml を `phase: initialized` で作ります"
        "（手順は Skill(skill='sdd-roadmap') にあります）。"
    ),
    'sdd_phase_gate.blocked': '{feature} is blocked by {by}（{agent} は起動されません）。',
    'sdd_phase_gate.unknown_phase': "Unknown phase '{phase}'（{feature}: {agent} は起動されません）。",
    'sdd_phase_gate.wrong_phase': (
        '{feature} の {agent} は起動されません: phase は {phase} で、{agent} が動くのは {allowed} '
        'のときです。{first}'
    ),
    'sdd_phase_gate.first_initialized': (
        "先に設計です: Agent(subagent_type='sdd-architect') が design.md を書き、その後リードが "
        "phase を design-generated にします。"
    ),
    'sdd_phase_gate.first_implemented': (
        "このフィーチャーは完了しています。変更はリビジョンで、まず phase を design-generated に"
        "戻します: Skill(skill='sdd-roadmap') に `revise {feature}`。"
    ),
    'sdd_phase_gate.needs_design': (
        "{feature}（phase {phase}）の {agent} は起動されません: まだ design.md がありません。先に "
        "Agent(subagent_type='sdd-architect') が書きます。"
    ),
    'sdd_phase_gate.needs_tasks': (
        "{feature}（phase {phase}）の {agent} は起動されません: tasks.yaml にまだタスクがありません。"
        "先に Agent(subagent_type='sdd-taskgenerator') が書きます。"
    ),
    'sdd_phase_gate.tasks_open': (
        '{feature}（phase {phase}）の {agent} は起動されません: 実装レビューはすべてのタスクが終わって'
        'から行います。tasks.yaml で done になっていないもの: {tasks}。ビルダーが戻るたびにその'
        'タスクを done にしてください。'
    ),
    'sdd_phase_gate.no_tasks': 'タスクがありません',
    # ---- sdd: sdd-reply, sdd-commit (seed 003 Spec 11, §15)
    'sdd_reply.no_written': (
        "{agent}: レビューは自分のファイルに書き、最後は `WRITTEN:<path>` の 1 行だけにしてください"
        "（分析はファイルに書き、リードはそこで読みます）。あなたのファイルは "
        "<feature>/.review/{own} です（プロンプトが示すレビューディレクトリ）。"
    ),
    'sdd_reply.not_own': (
        '{agent}: {path} はあなたのレビューファイルではありません。あなたのものは <feature>/.review/{own} '
        'です。指摘はそこに書き、`WRITTEN:<そのパス>` だけを返してください。'
    ),
    'sdd_reply.missing': (
        '{agent}: {path} は存在しません。先に指摘を書き込んでから、`WRITTEN:{path}` だけを返してください。'
    ),
    'sdd_reply.stale': (
        '{agent}: {path} はこの実行で書かれていません（あなたの起動より古いファイルです）。いまインスペクターの '
        '.cpf をまとめて書き、`WRITTEN:{path}` だけを返してください。'
    ),
    'sdd_reply.no_verdict': (
        '{agent}: {path} に判定の行がありません。1 行目は `VERDICT:<{verdicts} のいずれか>` にします。'
        'ファイルを直してから、`WRITTEN:{path}` だけを返してください。'
    ),
    'sdd_reply.more': (
        '{agent}: 返答は `WRITTEN:{path}` だけにしてください（出力の抑制でリードの'
        'コンテキストを守ります）。それ以外はファイルに書きます。いまその 1 行で終えてください。'
    ),
    'sdd_commit.lead_only': (
        '{agent} はコミットしません: sync-sdd では品質ゲートの後にリードがコミットします。'
        '作業を報告すれば、リードがコミットします。'
    ),
    'sdd_commit.no_message': (
        'コミットメッセージは -m でフレームワークの形式で渡してください: フィーチャーの'
        'パイプラインの後は `git commit -m "<feature>: <summary>"`、ウェーブの後は '
        '`git commit -m "Wave <N>: <summary>"`。フィーチャー: {features}。'
    ),
    'sdd_commit.format': (
        'コミットの件名 {subject!r} はフレームワークの形式ではありません: '
        '`<feature>: <summary>`（フィーチャーのパイプライン。フィーチャー: {features}）または '
        '`Wave <N>: <summary>`（ウェーブ）。'
    ),
    'sdd_commit.pipeline_open': (
        '{feature} のパイプラインはまだ完了していません（phase {phase}）: `{feature}: ...` のコミットは'
        'その後です。実装レビューの GO で spec.yaml が implementation-complete に'
        'なってからにしてください。'
    ),
    'sdd_commit.wave_open': (
        "Wave {wave} の品質ゲートはまだ通っていません: {features} のビルダーの作業の後に"
        "実装レビューの GO がありません。レビュー（実装インスペクター、その後 "
        "Agent(subagent_type='sdd-auditor-impl')）を行ってからコミットしてください。"
    ),
    # ---- sdd: spec-phase-gate under sync-sdd (what the hooks saw backs a transition)
    'spec_phase_gate.sdd_needs_design': (
        "{feature}: design-generated にはアーキテクト（Agent(subagent_type='sdd-architect')）が書いた"
        "フィーチャーの design.md が必要ですが、まだありません。"
    ),
    'spec_phase_gate.sdd_tasks_open': (
        '{feature}: implementation-complete には tasks.yaml のすべてのタスクが done であることが必要です'
        '（spec.yaml の更新はすべてのビルダーが終わってから）。done でないもの: {tasks}。'
    ),
    'spec_phase_gate.sdd_no_go': (
        "{feature}: implementation-complete には、オーディターの終了時に playgate が記録した実装レビューの "
        "GO（verdicts.md）が必要です。{state}。レビューを実行してください: 実装インスペクター、その後 "
        "Agent(subagent_type='sdd-auditor-impl')。CONDITIONAL や NO-GO の後は、先にビルダーが指摘を直します。"
    ),
    'spec_phase_gate.sdd_no_verdict': '記録された判定はありません',
    'spec_phase_gate.sdd_latest': '最新の判定は {verdict} です',
    'spec_phase_gate.sdd_stale': '最新の GO は、その後に起動されたビルダーより古いものです（古い判定）',
    # ------------------------------------------------------------ completion-check
    'completion_check.next_steps': (
        '現在の subtask を続けてください: 作業をし、三つの検証を証拠付きで progress.json に記録してから、これに対して '
        "Agent(subagent_type='critic', run_in_background: false) を呼び出します。critic の PASS で "
        'playgate が done にします。証拠なしに done にした status は in_progress '
        'に戻してください。先へ進むのにユーザーの入力が必要なら、ユーザーに尋ねてください。'
    ),
    'completion_check.fraud': (
        "必要な根拠 (3 つの validations がすべて根拠付きで PASS、validated_at、validated_by 'critic') "
        'なしに done にされています: {problems}'
    ),
    'completion_check.unrun': '{ledger} に critic の PASS が無いまま done にされています: {subtasks}',
    'completion_check.phases': '未完了の subtask があるのに done にされた phase: {phases}',
    'completion_check.state_missing': (
        'state.md がないため、どの playbook がアクティブで作業が終わっているかが分かりません。'
        'state.md を復元してください (コミット済みなら git から、そうでなければ書き直してください。'
        'state.md は常に書き込めます。インストールし直すと、ない場合は新しく作られます)。'
        'そのあとでターンを終えてください。'
    ),
    'completion_check.state_unreadable': (
        'state.md を読めないため、どれが現在の playbook か分かりません: {errors}。state.md を修正してから (編集可能なままです) '
        'ターンを終えてください。'
    ),
    'completion_check.playbook_error': '{error}。完了を確認できません。state.md の playbook.active を修正してから (編集可能なままです) ターンを終えてください。',
    'completion_check.playbook_unreadable': (
        '現在の playbook を読めないため、完了を検証できません: {errors}。ファイルを修正してから (playbook ファイルは編集可能なままです) '
        'ターンを終えてください。'
    ),
    'completion_check.subagent': (
        '{progress} に critic の根拠が無い done のステータスがあります: {problems}。自分で設定したのなら in_progress '
        'に戻してください。そうでなければ、返答の最後でこのことをオーケストレーターに報告してください。'
    ),
    'completion_check.open': '未完了の subtask が {count} 件あります: {subtasks}',
    'completion_check.no_critic_pass': (
        'subtask はすべて done ですが、playbook の critic がまだ PASS していません (progress の critic.status '
        "が PASS ではありません): プロンプトに 'playbook' を含めて Agent(subagent_type='critic', "
        "run_in_background: false) を呼び出してください。その 'CRITIC: PASS playbook' 行で critic.status が "
        'PASS になります'
    ),
    # ---- stop-summary: the user's summary when a turn ends
    'stop_summary.phases': 'phase は完了 {done}、進行中 {running}{running_ids}、未着手 {pending}',
    'stop_summary.ids': ' ({ids})',
    'stop_summary.more': 'ほか {count} 件の subtask',
    'stop_summary.active': (
        'playbook {plan}: {phases}。subtask は {done}/{total} 完了。playbook に対する critic の判定: '
        '{critic}。{claim}残り: {left}。'
    ),
    'stop_summary.claim': (
        'state.md の goal.self_complete が true ですが、これはエージェント自身の申告で、critic の判定ではありません。'
    ),
    'stop_summary.left_critic': 'playbook に対する critic の判定',
    'stop_summary.left_nothing': 'playbook に残っているものはありません',
    'stop_summary.left_post_loop': 'post-loop (`{command}`)',
    'stop_summary.archived': (
        'playbook は完了し、{archive}/ にアーカイブされました: {phases}。subtask は {done}/{total} 完了。'
        'playbook に対する critic の判定: {critic}。残り: {left}。'
    ),
    'stop_summary.consent': (
        'playbook はまだありません。理解確認があなたの返事を待っています (承認なら「はい」、変更点があればその内容、'
        'やめる場合は「キャンセル」)。'
    ),
    'completion_check.not_finished': 'playbook {plan} はまだ完了していません:\n- {items}',
    # ------------------------------------------------------------ coherence
    'coherence.playbook_error': 'coherence: {error}。',
    'coherence.playbook_unreadable': 'coherence: 現在の playbook を読めません ({errors})。Edit ツールで修正してください。',
    'coherence.wrong_branch': (
        'coherence: 現在のブランチは {current} ですが、現在の playbook ({plan}) の作業ブランチは {expected_repr} '
        'です。先に切り替えてください: git checkout {expected} (まだ存在しなければ git checkout -b {expected})。'
        '読み取り専用コマンドはどのブランチでも使えます。'
    ),
    'coherence.wrong_branch_trunk': (
        'coherence: 現在のブランチは {current} ですが、現在の playbook ({plan}) の作業ブランチは {expected_repr} '
        'で、ブランチ方針は trunk です（作業は {trunk} かそこから切った短命なブランチで行います）。'
        '先に切り替えてください: git checkout {expected} または git checkout {trunk}。'
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
    'coherence.no_critic_verdict': 'critic の判定を記録した現在の playbook がありません',
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
        'エージェント定義は `---` 行で囲んだ YAML フロントマターで始まり、`name` '
        '(呼び出しに使う subagent_type) と `description` を記し、`tools` にはその役割に必要なツールだけを挙げ '
        '(最小権限)、`Task` や `Agent` は決して挙げません: subagent がほかの subagent を起動してはなりません。'
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
    'agent_definitions_audit.more': '- ... ほかに {count} 件の問題があります',
    'agent_definitions_audit.fix': '{rule} Write/Edit ツールで修正するか (書き込みは検査されます)、ユーザーに伝えてください。',
    'codex_lead_guard.codex_mode': (
        ".claude/state/breezing-active.json の impl_mode が 'codex' です: リードは調整を担当し、"
        'コードは codex implementer が書きます。この作業は TaskCreate/SendMessage で '
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
    # ------------------------------------------------------------ breezing: gate, record, prompt, stops, session; teammate names
    'teammate_name.reserved': (
        "エージェントに '{name}' という名前は付けられません: teammate のフック呼び出しは名前をエージェント種別として"
        '運ぶため、この名前ではそのエージェント (判定や権限) になりすませてしまいます。'
        "'{suggestion}' のような別の名前を付け、エージェントの種類は subagent_type で指定してください。"
    ),
    'breezing_gate.phase_prepare': '準備フェーズ (Phase 0/A)',
    'breezing_gate.phase_delegate': 'delegate フェーズ (Phase B)',
    'breezing_gate.phase_post_delegate': 'post-delegate フェーズ (Phase C)',
    'breezing_gate.no_session': (
        'breezing セッションがありません (.claude/state/breezing-active.json がない) ため、{path} は編集できません: '
        'breezing ワークフローでは、ユーザーが確認した範囲のもとで Implementer がコードを書きます。'
        'ユーザーに /breezing <範囲> で開始してもらってください (その間も Lead は Plans.md と state.md を書けます)。'
    ),
    'breezing_gate.no_session_command': (
        'breezing セッションがないため、実行できるのは読み取り専用コマンド、git (commit 以外)、ファイルの削除だけです: '
        'フックから書き込みが見えないプログラムは、確認済みの範囲の外でコードを書けてしまいます。'
        'ユーザーに /breezing <範囲> で開始してもらってください。'
    ),
    'breezing_gate.prepare_command': (
        'Reviewer の APPROVE より前に Lead が実行できるのは、読み取り専用コマンド、git (commit 以外)、ファイルの削除だけです: '
        'フックから書き込みが見えないプログラムはコードを書けてしまいます。作業はタスクにして Implementer に任せ、'
        '検証コマンドは Phase C で実行してください。'
    ),
    'breezing_gate.no_session_agent': (
        'breezing セッションがないため {agent} は起動しません: Implementer と Reviewer は確認済みの範囲のもとで'
        '働きます。ユーザーに /breezing <範囲> で開始してもらってください。'
    ),
    'breezing_gate.broken': (
        '{report} 直るまでは、このファイル・state.md・.claude/session-state/ 以外は書き込めません: '
        'Lead が Write で書き直す (JSON オブジェクト)、`rm .claude/state/breezing-active.json` で削除する、'
        'またはユーザーが /breezing abort と入力してください。'
    ),
    'breezing_gate.active_not_object': (
        '.claude/state/breezing-active.json は JSON オブジェクトのままでなければなりません (breezing スキルの形式、スキーマ v2)。'
        'オブジェクト全体を書き直してください。'
    ),
    'breezing_gate.hooks_section': (
        '.claude/state/breezing-active.json の "hooks" セクションはフックが書きます (フェーズ、Lead のセッション、'
        '範囲確認)。そのまま残し、自分のフィールドは Edit でその隣に追加してください (新しいファイルには "hooks" はありません)。'
    ),
    'breezing_gate.fixed_key': (
        ".claude/state/breezing-active.json の {key} はセッション開始時に '{value}' であり、変更できません。"
        'やり直すには、ユーザーが /breezing abort と入力してから、もう一度 /breezing を実行します。'
    ),
    'breezing_gate.impl_mode': (
        "ユーザーは impl_mode '{wanted}' を指定しました (フックが記録した /breezing プロンプト)。"
        "breezing-active.json に '{mode}' とは書けません。\"impl_mode\": \"{wanted}\" と書いてください。"
    ),
    'breezing_gate.done_mark': (
        'この変更は Plans.md に cc:done を追加しますが、実行中の breezing セッションの作業はまだ Reviewer に'
        '承認されていません (フックは Reviewer 自身の停止時に APPROVE を記録し、そこで post-delegate フェーズが'
        '始まります)。それまでは cc:TODO のままにしてください。'
    ),
    'breezing_gate.active_post': (
        'Reviewer が承認したため、.claude/state/breezing-active.json はもう編集しません。Phase C '
        '(検証、Plans.md、コミット、レポート) を終え、`rm -f .claude/state/breezing-active.json` でセッションを閉じてください。'
    ),
    'breezing_gate.lead_code': (
        'Lead は {phase} に {path} を書きません: breezing ワークフローではコードは delegate フェーズに Implementer が書き、'
        'Lead が書くのは .claude/state/breezing-active.json、Plans.md、state.md だけです。'
        '変更はタスク (TaskCreate) にして Implementer に任せてください。'
    ),
    'breezing_gate.active_by_bash': (
        '.claude/state/breezing-active.json は内容を検査できるよう Write/Edit で書くか、'
        '`rm -f .claude/state/breezing-active.json` で削除してください。'
    ),
    'breezing_gate.plans_by_bash': (
        'Plans.md は cc:done を検査できるよう、Lead が Write/Edit で書いてください。'
    ),
    'breezing_gate.commit_early': (
        'Reviewer の承認前にはコミットしません: breezing ワークフローの「完了」には Reviewer の APPROVE が必要です。'
        'フックが Reviewer 自身の停止時にそれを記録すると post-delegate フェーズ (Phase C) になり、そこで Lead がコミットします。'
    ),
    'breezing_gate.not_confirmed': (
        'ユーザーはまだ範囲を確認していません。範囲確認 (見出し "🏇 Breezing - 範囲を確認させてください" または '
        '"🏇 Breezing - confirm the range"、タスク、Team 構成) を最後のメッセージとして示し、ターンを終えてください。'
        '次のプロンプトでのユーザーの「はい」が確認になります (フックが記録します)。そのあとタスクを作り、Team を起動します。'
    ),
    'breezing_gate.no_tasks': (
        '共有タスクリストにまだタスクがありません: 確認済みの範囲のタスクを TaskCreate で登録し '
        '(Plans.md の 1 タスクにつき 1 件、owns: を付け、同じファイルに触れるタスクには blocked-by を付ける)、'
        'それから Implementer と Reviewer を起動してください。'
    ),
    'breezing_gate.escalated': (
        'Reviewer が {retakes} 回修正を求めました (リテイク 3 回超過): 進め方をユーザーに尋ねてください '
        '(SendMessage で Team に待機を伝え、質問でターンを終える)。ユーザーの次のプロンプトで作業を再開できます。'
    ),
    'breezing_gate.wrong_implementer': (
        "impl_mode が '{mode}' なので Implementer は '{wanted}' です。'{agent}' は起動しません (breezing スキルのモード表)。"
        "'{wanted}' を起動してください。"
    ),
    'breezing_gate.delegate_agent': (
        'delegate フェーズの Lead が起動するのは Team (Implementer と Reviewer) と読み取り専用のエージェントだけです。'
        '{agent} は起動しません。作業はタスク (TaskCreate) にして Implementer に任せてください。'
    ),
    'breezing_gate.delegate': (
        '{what} はブロックされました: Lead は breezing セッションの delegate フェーズ (Phase B) にあり '
        '(フックが .claude/state/breezing-active.json に記録)、調整だけを行います: '
        'TaskCreate/TaskUpdate/TaskList/TaskGet、SendMessage、ToolSearch、読み取りと読み取り専用コマンド、'
        'Implementer や Reviewer の起動。全タスクが完了し Reviewer の APPROVE が記録されるとフェーズが終わります。'
        '途中で終わらせられるのはユーザーの /breezing abort だけです。'
    ),
    'breezing_gate.what_bash': 'このコマンド (読み取り専用ではありません)',
    'breezing_gate.what_edit': '{path} への {tool}',
    'breezing_gate.what_tool': '{tool} ツール',
    'breezing_gate.lead_file': (
        '{path} は breezing セッションの Lead のファイルです。Implementer・Reviewer・プランナーは書きません。'
        'SendMessage (または最後の返答) で Lead に報告してください。'
    ),
    'breezing_gate.member_commit': (
        'breezing セッションでは、Reviewer の APPROVE のあと Phase C で Lead がコミットします。'
        '変更はコミットせずに残し、Lead に報告してください。'
    ),
    'breezing_gate.worker_phase': (
        '{who} がコードを書くのは breezing セッションの delegate フェーズだけです。いまは {phase} なので '
        '{path} は書きません。SendMessage (または最後の返答) で Lead に報告してください。'
    ),
    'breezing_gate.read_only_role': (
        '{who} は breezing セッションの {role} ロールで、ファイルを書きません。{path} は書きません。'
        '変えるべき点は Lead への指摘に含めてください。'
    ),
    'breezing_gate.no_role': (
        '{who} は breezing セッションで役割を持たない (Implementer は Lead が起動する task-worker か '
        'codex-implementer) ため、{path} は書きません。Lead に報告してください。'
    ),
    'breezing_record.no_verdict': (
        'Reviewer の最後のメッセージにこのセッションの判定行がないため、フックはレビューを記録していません。'
        '最後の行は `{tag} PASS {session}` (APPROVE) か `{tag} FAIL {session} - <指摘>` (REQUEST CHANGES) で'
        'なければなりません: もう一度依頼してください (SendMessage、または code-reviewer を再起動)。'
    ),
    'breezing_record.approved': (
        'フックが Reviewer の APPROVE を .claude/state/review-result.json に記録し (コミット {commit})、'
        '全タスクが完了しています: delegate フェーズは終わりました。Phase C に進んでください: ファストパスの確認、'
        '検証、Plans.md の cc:done、コミット、`rm -f .claude/state/breezing-active.json`、レポート。'
    ),
    'breezing_record.approved_stale': (
        'Reviewer は承認しましたが、レビュー開始後に Implementer がコードを変更したため、その APPROVE は変更を含みません。'
        '現在の状態をもう一度レビューするよう依頼してください。'
    ),
    'breezing_record.approved_open': (
        'Reviewer は承認しましたが、未完了のタスクがあります ({tasks}): delegate フェーズは続きます。'
        'それらを完了 (または削除) してから、もう一度全体レビューを依頼してください。'
    ),
    'breezing_record.changes': (
        'フックが Reviewer の REQUEST CHANGES を記録しました (リテイク {retakes}/{max}): {reason}。'
        '指摘を修正タスク (TaskCreate) にして Implementer に渡し、もう一度レビューを依頼してください。'
    ),
    'breezing_record.escalate': (
        'Reviewer がまた修正を求めました (リテイク {retakes}、3 回超過): {reason}。'
        'ユーザーにエスカレーションしてください: 何が失敗し続けているかを伝え、進め方を尋ねてターンを終えます。'
    ),
    'breezing_prompt.abort_nothing': '記録された breezing セッションはありません。中止するものはありません。',
    'breezing_prompt.aborted': (
        'ユーザーが breezing セッションを中止しました (/breezing abort): フックが記録し、'
        '.claude/state/breezing-active.json、review-result.json、シグナル、進捗、リクエストを削除しました。'
        'Team を止め (各 teammate に shutdown_request を SendMessage、または TaskStop)、ここまでの作業を報告してください。'
    ),
    'breezing_prompt.request': (
        "フックがユーザーの /breezing リクエストを記録しました: 範囲 '{range}'、impl_mode {mode}、フラグ {flags}。"
        'Step 0: まず .claude/state/breezing-active.json を "impl_mode": "{mode}" で書いてください。'
    ),
    'breezing.parallel_not_a_number': '--parallel には 1 以上の整数が必要です ({value} ではありません)',
    'breezing.unknown_flag': '不明なフラグ {flag} です',
    'breezing_prompt.problem': 'リクエストの問題: {problem}。ユーザーに直してもらってください。',
    'breezing_prompt.continue': (
        '記録されたセッションをこの会話に結び付けました (/breezing continue): .claude/state/breezing-active.json を読み、'
        'そのフェーズから続けてください。'
    ),
    'breezing_prompt.already_running': (
        'breezing セッションがすでに記録されています (.claude/state/breezing-active.json): まずそれを読んでください。'
        'やり直すには、ユーザーが /breezing abort と入力します。'
    ),
    'breezing_prompt.answer_confirm': (
        'ユーザーが範囲を確認しました (フックが記録): Step 3 に進んでください — タスク粒度チェック V1〜V5、'
        'タスクリスト、Implementer と Reviewer。'
    ),
    'breezing_prompt.answer_amend': (
        'ユーザーは変更付きで範囲確認に答えました: 範囲を直し、もう一度確認を示してターンを終えてください。'
    ),
    'breezing_prompt.answer_reject': (
        'ユーザーは範囲を確認しませんでした: 何を変えるか尋ねてもう一度確認を示すか、中止してください '
        '(`rm -f` で .claude/state/breezing-active.json を削除して停止)。'
    ),
    'breezing_prompt.answer_cancel': (
        'ユーザーがキャンセルしました: .claude/state/breezing-active.json を削除し '
        '(`rm -f .claude/state/breezing-active.json`)、停止してください (breezing スキルの早期中断)。'
    ),
    'breezing_prompt.answer_unanswered': (
        '範囲確認はまだ答えられていません: ユーザーのプロンプトは「はい」ではありませんでした。'
        'それに答え、ほかのことより先にもう一度確認を示してください。'
    ),
    'breezing_prompt.escalation_answered': (
        'ユーザーがエスカレーションに答えました: その指示どおりに進めてください (新しいタスクと Implementer を再び起動できます)。'
    ),
    'breezing_prompt.phase': 'breezing セッション {session} ({mode}): {phase} フェーズ (フックが記録)。',
    'breezing_session.broken': '{report} {file} を読んでください。ユーザーは /breezing abort で消去できます。',
    'breezing_session.stale': (
        '別の Claude セッションの breezing セッションが {file} に残っています (セッション {session}、'
        'フェーズ {phase}、{since} から)。その Team はそのセッションとともに終わっているため古いものですが、'
        'フェーズはまだ有効です。ユーザーに伝えてください: /breezing abort で消去、/breezing continue でこのセッションに引き継ぎます。'
    ),
    'breezing_session.running': (
        'breezing セッションが記録されています: まず {file} を読んでください (セッション {session}、フェーズ {phase}、{since} から)。'
    ),
    'reward_route_guard.blocked': (
        '{tool} は {path} を指定しています。これはワークフローの報酬状態 (state.md、playbook の plan/progress、'
        'critic の台帳) を保持するファイルです。Read・Edit・Write・Bash 以外のツールがファイルを指定した場合、'
        'ツール名が何であれ変更するものとして扱います。読むときは Read、変更するときはガードが結果を検査できる '
        'Edit/Write を使ってください。'
    ),
    'check_file_dependencies.used_by': '{path} は次のファイルから使われています: {users}。この変更の後もそれらが動くか確認してください。',
    'execution_convention.retry': ' 次のように実行し直してください: {command}',
    'execution_convention.leading_comment': (
        'Bash コマンドが `#` のコメント行で始まっています ({comment})。コマンドは実行ファイルから始めてください。コメント行を前に付けないでください。'
        '人が読むための説明は Bash ツールの `description` パラメータに書いてください: '
        '先頭のコメントは、プレフィックスに基づく権限ルールや読む人からコマンドを隠してしまいます。'
    ),
    # ------------------------------------------------------------ lifecycle: resume pointer, stop loop, post-loop, progress reminder, compaction, archive
    'lifecycle.resume_playbook': (
        '{state} を読み、次に {plan} と {progress} を開いてください。phase {phase} の subtask {subtask} '
        'を続けてください{branch}。'
    ),
    'lifecycle.see_progress_active': '(progress.json の active を参照)',
    'lifecycle.on_branch': ' (ブランチ {branch})',
    'lifecycle.resume_idle': (
        "{state} を読んでください。現在の playbook はありません: ユーザーの次の依頼を待ってください (作業は Skill(skill='playbook-init') "
        'から始めます)。'
    ),
    'lifecycle.resume_idle_workflow': (
        "{state} を読んでください。有効なワークフローは {title} です: ユーザーの次の依頼を待ってください"
        "（作業は Skill(skill='{start}') から始まります）。"
    ),
    'lifecycle.resume_post_loop': ' post-loop が保留中です: 先に `{command}` を実行してください。',
    'stop_loop_guard.why_limit': '連続して {count} 回ブロックされた (state.md の config.stop_block_limit: {limit})',
    'stop_loop_guard.why_unchanged': '前回のブロックから何も変わっていない',
    'stop_loop_guard.let_through': '{why}ため、停止を通しました。未解決のまま — {message}',
    'stop_loop_guard.let_through_subagent': '{why}ため、subagent の停止を通しました。未解決のまま — {message}',
    # ---- faults: the archive state at Stop and SubagentStop (post-loop-pending)
    'post_loop_pending.archive_open': (
        'playbook{playbook} のアーカイブが始まったまま終わっていません ({status})。今すぐ `{command}` を実行してください: '
        '止まったところからアーカイブを再開し、post-loop を実行します。そのレポートに挙がったものをコミットしてから、ターンを終えてください。'
    ),
    'post_loop_pending.archive_due': (
        'playbook{playbook} は critic の PASS が記録されて完了していますが、アーカイブされていません。今すぐ `{command}` '
        'を実行してください: playbook をアーカイブし、post-loop を実行します。そのレポートに挙がったものをコミットしてから、ターンを終えてください。'
    ),
    'post_loop_pending.subagent_archive': (
        'playbook{playbook} のアーカイブが終わっていません。ほかの何よりも先に `{command}` を実行するよう、'
        '応答の最後でオーケストレーターに伝えてください。'
    ),
    'stop_loop_guard.post_loop_due': (
        'playbook{playbook} の post-loop がまだ実行されていません (playbook はアーカイブ済みです)。次のセッションで'
        'ほかの何よりも先に `{command}` を実行してください。新しい会話ではこの案内は消えます (再開した会話では残ります)。'
    ),
    'stop_loop_guard.archive_due': (
        'playbook{playbook} のアーカイブはまだ終わっていません: 次のセッション開始時に報告して再開します。'
        '`{command}` で完了できます。'
    ),
    'post_loop_pending.subagent': (
        'playbook{playbook} はアーカイブされましたが、post-loop が実行されていません。ほかの何よりも先に post-loop '
        '(`{command}`) を実行するよう、応答の最後でオーケストレーターに伝えてください。'
    ),
    'post_loop_pending.stop': (
        'playbook{playbook} はアーカイブされましたが、post-loop がまだ実行されていません。今すぐ実行してください: `{command}` '
        '(アーカイブの後処理を終え、{marker} を解除します)。そのレポートに挙がったものをコミットしてから、ターンを終えてください。'
    ),
    'progress_reminder.no_active': (
        '{progress} に現在の subtask がありません: active.phase と active.subtask を、この編集が属するものに設定してください。'
    ),
    'progress_reminder.head': '現在の subtask {subtask} (phase {phase}、{status})',
    'progress_reminder.already_done': '{head}。これはすでに done です: {progress} の active.subtask を、この編集が属する subtask に設定してください。',
    'progress_reminder.set_in_progress': ' status を in_progress にしてください。',
    'progress_reminder.update': (
        '{head}。{hint}完了したら、三つの検証 (technical、consistency、completeness) を証拠付きの PASS として '
        "{progress} に記録し、これに対して Agent(subagent_type='critic', run_in_background: false) "
        'を呼び出してください。critic の PASS は playgate が記録します (validated_by、validated_at、status '
        'done)。'
    ),
    'compact_resume.no_pointer': 'コンテキストが圧縮されましたが、再開ポインタは保存されていませんでした。{instruction}',
    'compact_resume.resuming': '圧縮後に再開します (ポインタの保存: {saved_at}{details})。{instruction}',
    'compact_resume.now': '{field} は現在 {value}',
    'compact_resume.wait': (
        'コンテキストが圧縮されました。このワークフローでは圧縮の後はユーザーを待ちます（state.md '
        'config.after_compact: wait）。自分の判断で作業を続けたり再開したりしないでください。'
        'ユーザーの次の指示を待っていると一行書いて、いまターンを終えてください。ユーザーが話すまで'
        'ツール呼び出しはすべて拒否されます。続けるよう言われたときのために、作業していた位置{details}: '
        '{instruction}'
    ),
    # ------------------------------------------------------------ compact-wait
    'compact_wait.refused': (
        '{tool} は拒否されました: 圧縮が行われたところで、このワークフローでは圧縮の後はユーザーを待ちます'
        '（state.md config.after_compact: wait）。自分の判断で作業を続けたり再開したり'
        'しないでください。ユーザーの次の指示を待っていると一行書いて、いまターンを終えてください。'
        'ユーザーが話せば、ツールはまた使えます。'
    ),
    'compact_wait.stop_due': (
        'Claude は圧縮の後、あなたの次の指示を待っています（config.after_compact: wait）。'
        '作業を続けるときに必要なこと: {due}'
    ),
    'compact_resume.moved_on': 'その後 state.md が進んでいます ({changes})。state.md が正です: {instruction}',
    'archive_playbook.incomplete': (
        '{plan} のすべての subtask が done になっていますが、playbook はまだ完了していないためアーカイブしません: {gaps}。'
        "プロンプトに 'playbook' を含めて Agent(subagent_type='critic', run_in_background: false) を"
        "呼び出してください (critic.status を設定するのはその 'CRITIC: PASS playbook' 行で、playgate が記録します)。"
        'あわせて最終タスクを終えてください。'
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
    'session_report.git_slow': 'git {commands} が {seconds} 秒を超えました',
    'session_report.last_end': (
        '前回のセッション終了時 ({ended_at}) に次のものがありました: {parts}。その上に作業を積む前に `git status` '
        'で確認してユーザーに伝えてください。コミットや push は playbook とユーザーの意向どおりにだけ行ってください。'
    ),
    'session_report.interrupted': '中断されました',
    'session_report.status_running': '実行中',
    'session_report.status_failed': '失敗',
    'session_report.archive_unfinished': (
        'playbook {id} のアーカイブが完了していません ({status}): {message}。このセッション開始時にローカルの手順を再開します。'
        'ほかの何よりも先に `{command}` を実行して完了させてください。'
    ),
    # ---- faults: the archive state at session start (session-report)
    'session_report.archive_due': (
        'playbook {id} は critic の PASS が記録されて完了していますが、アーカイブされていませんでした: このセッション開始時に'
        'アーカイブします。ほかの何よりも先に `{command}` を実行してください (アーカイブを仕上げ、post-loop を実行します)。'
    ),
    'session_report.archive_partial': (
        'playbook {id} は {archive}/ にアーカイブされましたが、git の手順が途中で止まりました: {message} ユーザーが望むなら残り '
        '(コミット、push、プルリクエスト) を手作業で行ってください。'
    ),
    'subagent_reminder.pm': (
        'pm が終了しました。今すぐ playbook のレビューを受けてください: その plan.json に対して '
        "Agent(subagent_type='reviewer', run_in_background: false)。'REVIEW: PASS' で "
        'playgate がレビューを記録し、playbook を現在の playbook にします。編集はそれまで待ちです。'
    ),
    'subagent_reminder.prompt_analyzer': (
        'prompt-analyzer が終了しました。その 5W1H、リスク、未解決の質問をもとにユーザーへ理解確認を提示し、ターンを終えて返答を待ってください。'
    ),
    'subagent_reminder.executor_resolver': (
        "executor-resolver が終了しました。選ばれた executor を plan.json の subtask の 'executor' "
        'に記録してください (playbook のレビュー前に)。'
    ),
    'subagent_reminder.subtask': ' (subtask {subtask})',
    'subagent_reminder.other': (
        'subagent {name} が終了しました。今すぐ {progress} にその結果を記録してください{subtask}: 変更したことや分かったことを '
        'notes に、検証を証拠付きで。subtask が done になるのは critic の PASS のときだけで、それは playgate が記録します。'
    ),
    'breezing_signals.header': (
        'セッション {session} の Breezing シグナル (TaskCompleted hook から。推奨事項なので状況に応じて判断してください):'
    ),
    'breezing_signals.action.partial_review_recommended': '完了したタスクの部分レビューを Reviewer に依頼する',
    'breezing_signals.action.next_batch_recommended': '次のタスクのバッチを TaskCreate で登録する (Progressive Batch)',
    'lifecycle.summary_problem': ' 問題: {problem}。',
    'lifecycle.summary_idle': '現在の playbook はありません。ブランチ: {branch}。',
    'lifecycle.summary_playbook': 'playbook {plan}',
    'lifecycle.summary_phase': 'phase {phase} (phase {done}/{total} 完了)',
    'lifecycle.summary_subtask': 'subtask {subtask} {status}',
    'lifecycle.summary_counts': 'subtask {done}/{total} 完了',
    'lifecycle.summary_sep': '、',
    'lifecycle.summary': '{parts}。ブランチ: {branch}。',
    'prompt_state.state': '状態: {summary}',
    'prompt_state.post_loop': (
        'playbook {playbook} はアーカイブされました{status}が、post-loop がまだ実行されていません: ほかの何よりも先に '
        '`{command}` を実行してください。'
    ),
    'prompt_state.archive_unfinished': 'playbook {id} のアーカイブが完了していません: {message}',
    'critic_ledger.no_verdict': (
        "critic が締めの判定ブロック (回答の最後に置く 'CRITIC: PASS|FAIL <subtask-id>' の行。引用やコードブロックの中は"
        "対象外) なしに終了したため、{ledger} に判定を記録していません。"
    ),
    # ---- faults: the verdict block and the observed evidence (critic-ledger, review-ledger)
    'critic_ledger.not_applied': (
        '{ledger} に記録されていないため、playbook には何も反映していません。ledger に書き込めるように'
        'なったら critic をもう一度実行してください'
    ),
    'critic_ledger.pass_unobserved': (
        'critic の PASS のうち、根拠となるコマンドが critic 自身の実行で (フックが観測した限り) 成功しなかったものは'
        ' done として記録していません: {items}。これらは {ledger} に FAIL として記録しました。critic にこれらの'
        'コマンドを実行させ、成功してからもう一度判定させてください。'
    ),
    'critic_ledger.command_not_run': '{id}: `{command}` は critic の実行の中で実行されていません',
    'critic_ledger.command_failed': '{id}: `{command}` は critic の実行の中で終了コード {status} で終わりました',
    'critic_ledger.malformed': (
        "critic の締めの判定ブロックに判定として読めない行 ({line!r}) があるため、そのブロックの判定は一つも "
        "{ledger} に記録していません。ブロックの各行は 'CRITIC: PASS <subtask-id>' または "
        "'CRITIC: FAIL <subtask-id> - <reason>' でなければなりません。これらの subtask について critic を"
        'もう一度呼び出してください。'
    ),
    'review_ledger.malformed': (
        "reviewer の締めの判定ブロックに判定として読めない行 ({line!r}) があるため、レビューを記録していません。"
        "回答は 'REVIEW: PASS play/<id>/plan.json' または 'REVIEW: FAIL play/<id>/plan.json - <reason>' "
        'で終わる必要があります。reviewer をもう一度呼び出してください。'
    ),
    'prompt_consent.confirmed': (
        'ユーザーが理解確認を承認しました (「{excerpt}」)。これで編集できるようになりました。playbook-init を続けてください: '
        "作業ブランチを作成し、pm が playbook を書き (承認された理解を plan.json の 'context' に)、reviewer がレビューします。"
    ),
    'prompt_consent.cancelled': 'ユーザーが依頼を取り下げました ("{excerpt}")。その作業は始めず、代わりに何を望むか尋ねてください。',
    'prompt_consent.rejected': (
        'ユーザーは理解確認を承認しませんでした ("{excerpt}")。指摘に沿って修正し、もう一度提示してください '
        '(何をするか、なぜ、どのように、範囲、対象外、リスク、確認方法)。最後は次の一文で締めくくります: '
        '「はい」(yes) で承認、変更点があればその内容を、やめる場合は「キャンセル」と返信してください。'
        '承認されるまで編集はブロックされたままです。'
    ),
    'prompt_consent.waiting': (
        '理解確認はまだユーザーの承認を待っているため、編集はブロックされたままです。このプロンプトで依頼が変わるなら'
        '理解を更新し、提示し直してください (何をするか、なぜ、どのように、範囲、対象外、リスク、確認方法)。最後は'
        '次の一文で締めくくります: 「はい」(yes) で承認、変更点があればその内容を、やめる場合は「キャンセル」と返信してください。'
    ),
    # ------------------------------------------------------------ runtime
    'runtime.too_complex': (
        '{event} フックが制限時間内に検査を終えられませんでした (入力が複雑すぎて検査できません)。安全のためブロックします。'
        '作業をより小さな単位に分けてください: 短いコマンド、小さな編集、短いプロンプト。'
    ),
    # ---- faults: messages that never point to a log that could not be written
    'runtime.guard_error_unlogged': (
        '{guard} で内部エラーが発生しました ({error})。安全のためこの呼び出しをブロックします。'
        '詳細は {log} にも書き込めませんでした (ディスクがいっぱいか、書き込める通常のファイルではありません)。'
        'ユーザーに伝えてください。ユーザーは空き容量を作るかそのファイルを直すか、'
        'スイートを再インストール ({repair}) できます。'
    ),
    'runtime.guard_error': '{guard} で内部エラーが発生しました。安全のためこの呼び出しをブロックします。詳細は {log} にあります。ユーザーに伝えてください。ユーザーはそこに書かれた状態ファイルを修正するか、スイートを再インストール ({repair}) できます。',
    # ------------------------------------------------------------ reward state: edit views
    'reward.cannot_compute': 'この {tool} 呼び出しの後の {label} を計算できません',
    'reward.edit_does_not_apply': 'old_string がちょうど 1 回だけ見つかるわけではありません (または編集が適用できません)',
    'reward.uncomputable': '{label} に対するこの {tool} の結果を計算できません ({why})',
    'reward.state_too_large': 'state.md が {limit} バイトを超えることになり、スイートはそれを読みません',
    'reward.after_call': '{error} (この {tool} の後)',
    # ------------------------------------------------------------ archive report (workflow.archive.report.describe)
    'archive.step.cleanup': 'tmp/ の片付け',
    'archive.step.archive': 'アーカイブ',
    'archive.step.state_reset': 'state.md のリセット',
    'archive.step.pending': 'post-loop-pending の作成',
    'archive.step.commit': 'コミット',
    'archive.step.push': 'リモートへの push',
    'archive.step.pr_create': 'プルリクエストの作成',
    'archive.step.pr_merge': 'プルリクエストのマージ',
    'archive.step.return_default': 'デフォルトブランチへの復帰',
    'archive.step.trunk_merge': 'トランクへのマージ',
    'archive.step.branch_delete': 'マージ済みブランチの削除',
    'archive.in_progress': '進行中',
    'archive.archived': (
        'playbook {id} は完了し、{archive}/ にアーカイブされました。state.md の playbook と goal セクションはリセットされました。'
    ),
    'archive.archiving': 'playbook {id} は完了しました。アーカイブしています ({step})。',
    'archive.git_done': '{step}: {detail}',
    'archive.git_skipped': '{step}はスキップ ({detail})',
    'archive.git': 'Git: {steps}。',
    'archive.note': '注意: {note}。',
    'archive.git_off': (
        'git の手順はオフです (state.md の config.archive_git): post-loop の後、作業とアーカイブを自分でコミットしてください '
        '(対象のファイルは post-loop のレポートに挙がります)。'
    ),
    'archive.problem': '問題: {problem}',
    'archive.step_failed': '手順の 1 つが失敗しました',
    'archive.partial': '状態: 一部完了 — {message} コミットされていない変更には触れていません。',
    'archive.call_post_loop': (
        '今すぐ post-loop を実行してください: `{command}` (レポートの読み方は post-loop skill '
        'にあります)。実行されるまで、ほかの編集はブロックされます。'
    ),
    'consent_guard.not_confirmed_subagent': (
        'ユーザーはまだ理解確認を承認していないため、ファイルを編集できません。自分でユーザーに尋ねないでください: pm が playbook '
        'を書く前に理解確認をユーザーに提示して承認を得る必要があることを、応答の最後でオーケストレーターに伝えてください。'
    ),
    'subagent_reminder.reviewer_active': (
        'reviewer が {plan} を PASS しました。playgate がレビュー (meta.reviewed、reviewed_by: '
        'reviewer、status active) を記録し、playbook を現在の playbook にしました: state.md の playbook と '
        'goal、{progress} の active は subtask {subtask} (in_progress): '
        '{criterion}。これらの項目は自分で編集せず、{subtask} の作業を始めてください。'
    ),
    'subagent_reminder.reviewer_inactive': (
        'reviewer が {plan} を PASS し、playgate はレビューを記録しましたが、playbook を現在の playbook '
        'にはしませんでした: {why}。それを直してから、state.md の playbook.active を {plan} にし '
        '(playbook.branch、goal.status in_progress も)、最初の subtask を始めてください。'
    ),
    'subagent_reminder.reviewer_fail': (
        "reviewer は {plan} を PASS しませんでした: {reason}。指摘を pm に直させ (Agent(subagent_type='pm', "
        'run_in_background: false))、もう一度 reviewer を呼び出してください (最大 3 回。それを超えたらユーザーに確認してください)。'
    ),
    'subagent_reminder.reviewer_error': (
        'reviewer が {plan} を PASS しましたが、playgate はそれを記録できませんでした: {error}。ファイルを直してから、もう一度 '
        'reviewer を呼び出してください。'
    ),
    'subagent_reminder.reviewer_none': (
        "reviewer は 'REVIEW: PASS|FAIL play/<id>/plan.json' "
        '行なしで終了したため、レビューは記録されていません。もう一度呼び出し、応答の最後にその行を書くよう頼んでください。'
    ),
    'subagent_reminder.critic_none': (
        "critic が終了しましたが、現在の playbook に対する判定は記録されていません (応答の最後に 'CRITIC: PASS|FAIL "
        "<subtask-id>' 行が必要です)。もう一度呼び出してください。{progress} は変わっていません。"
    ),
    # ---- faults: a verdict report that could not be kept (subagent-reminder)
    'subagent_reminder.critic_unreported': (
        'playgate は critic の判定を {ledger} に記録しました ({verdicts})。ただし、それによって'
        '何が変わったかのメモは保存できませんでした (.claude/session-state/ に書き込めません)。'
        '先に進む前に {progress} で subtask の状態を確認してください。'
    ),
    'subagent_reminder.reviewer_unreported': (
        'playgate は reviewer の判定を {ledger} に記録しました ({verdicts})。ただし、それによって'
        '何が変わったかのメモは保存できませんでした (.claude/session-state/ に書き込めません)。'
        '先に進む前に plan の meta.reviewed と state.md の playbook.active を確認してください。'
    ),
    'subagent_reminder.critic_error': 'critic の判定を記録できませんでした: {error}。',
    'subagent_reminder.critic_done': (
        'playgate が critic の PASS を記録しました: {subtasks} は done です (validated_by: critic)。'
    ),
    'subagent_reminder.critic_phases': 'phase {phases} は done です。',
    'subagent_reminder.critic_playbook': 'playbook は PASS です: critic.status は PASS です。',
    'subagent_reminder.critic_not_done': (
        '{subtask} は PASS しましたが、{progress} の検証がそろっていないため done にしていません ({gaps}): '
        '証拠付きで記録してください。'
    ),
    'subagent_reminder.critic_failed': 'critic は {subtask} を FAIL にしました: {reason}。',
    'subagent_reminder.critic_playbook_open': (
        'playbook の判定は記録していません: subtask {subtasks} がまだ done ではありません。'
    ),
    'subagent_reminder.critic_retry': (
        "指摘されたことを直し、証拠を更新して、もう一度 Agent(subagent_type='critic', run_in_background: false) "
        'を呼び出してください。'
    ),
    'subagent_reminder.critic_next': '次: subtask {subtask}: {criterion}。',
    'subagent_reminder.checks': 'critic はその validation_plan で判定します: {checks}。',
    'subagent_reminder.critic_playbook_next': (
        "subtask はすべて done です: playbook の判定のため、プロンプトに 'playbook' を含めて "
        "Agent(subagent_type='critic', run_in_background: false) を呼び出してください。"
    ),
    'review_ledger.no_verdict': (
        "reviewer は締めの 'REVIEW: PASS|FAIL play/<id>/plan.json' 行 (回答の最後に置く。引用やコードブロックの中は対象外) "
        'なしで終了したため、.claude/logs/review-ledger.jsonl にレビューは記録されていません。'
    ),
    'post_loop.status_pending': 'post-loop-pending: あり{which}',
    'post_loop.status_none': 'post-loop-pending: なし',
    'post_loop.status_archive': 'アーカイブ: {archive}',
    'post_loop.no_checkpoint': 'チェックポイントなし',
    'post_loop.busy': '別のプロセスが今 playbook をアーカイブしています。少し待ってから、このハンドラーをもう一度実行してください。',
    'post_loop.unfinished': (
        'アーカイブが終わっていないため、post-loop はまだ閉じられません:\n{report}\nそれを直してから、もう一度 `{command}` '
        'を実行してください。'
    ),
    'post_loop.nothing_pending': '保留中のものはありません: 前回の post-loop 以降にアーカイブされた playbook はありません。',
    'post_loop.archived_to': 'playbook {playbook} は {archive} にアーカイブされました ({status})。',
    'post_loop.cleared': 'post-loop-pending を解除しました。これで編集もターンの終了もできます。',
    'post_loop.commit': (
        '{branch} にまだコミットされていないもの (作業とアーカイブ) があります: `{add}` を実行し、続けて `{commit}` を実行してください。'
    ),
    'post_loop.commit_nothing': 'コミットするものは残っていません。',
    'post_loop.commit_left_out': (
        'コミット対象に含めていないもの (バイトコード、キャッシュ、秘密情報らしいファイル。.gitignore に追加してください): {paths}。'
    ),
    'post_loop.git_left': '残っている git の手順 (ユーザーに伝え、ユーザーの望むときだけ実行してください):',
    'post_loop.manual.commit': 'git add -A -- <上のファイル> の後に git commit (秘密情報は決してコミットしない)',
    'post_loop.manual.push': 'git push -u {remote} {branch}',
    'post_loop.manual.pr_create': 'gh pr create --base {default} --head {branch} (または Web で作成)',
    'post_loop.manual.pr_merge': 'チェックが通ったらプルリクエストをマージ (gh pr merge、または Web で)',
    'post_loop.manual.return_default': (
        'デフォルトブランチに戻る: git checkout {default} && git pull --ff-only {remote} {default}'
    ),
    'post_loop.manual.trunk_merge': 'git checkout {default} の後に git merge {branch}',
    'post_loop.manual.branch_delete': 'git branch -d {branch}（{default} にマージ済みになってから）',
    'post_loop.next_header': '次のタスク (状態から導き出し、作業をでっち上げないでください):',
    'post_loop.next_playbooks': '- まだ終わっていない playbook:',
    'post_loop.next_playbook': '    {plan} (meta.status {status}、subtask {done}/{total} 完了)',
    'post_loop.next_playbooks_how': (
        '続けるには: そのブランチ (meta.branch。無ければデフォルトブランチから作成) をチェックアウトし、レビュー済み (meta.reviewed) '
        'であることを確かめ、state.md の playbook.active をそれにして読み、最初の未完了の subtask から続けてください。'
    ),
    'post_loop.next_items': '- play/project.json の未完了の項目: {items}。',
    'post_loop.next_items_how': (
        "始めるには: Skill(skill='playbook-init') — 分析とユーザーとの理解確認、その後 pm と reviewer、新しいブランチで。"
    ),
    'post_loop.next_none': (
        '- 残っているものはありません。ユーザーに「全タスク完了。次の指示を待ちます。」と伝えて待ってください。新しい依頼は '
        "Skill(skill='playbook-init') から始まります。"
    ),
    'post_loop.next_ask': '- ユーザーがまだ頼んでいない場合は、始める前に確認してください。頼まれている場合は、何から始めるかを伝えてください。',
    'agent_definitions.err_no_frontmatter': 'YAML フロントマター (1 行目が `---`) で始まっていません',
    'agent_definitions.err_unclosed': 'YAML フロントマターが閉じていません (2 つ目の `---` 行がありません)',
    'agent_definitions.err_tools_strings': '`tools` にはツール名を文字列で並べてください',
    'agent_definitions.err_tools_type': '`tools` はカンマ区切りの文字列かリストにしてください ({type} ではなく)',
    'agent_definitions.err_yaml': 'フロントマターが正しい YAML ではありません ({problem})',
    'agent_definitions.err_mapping': 'フロントマターは YAML のマッピングにしてください ({type} ではなく)',
    'agent_definitions.err_missing': 'フロントマターに `{key}` がありません',
    'agent_definitions.err_empty': '`{key}` は空でない文字列にしてください',
    'agent_definitions.err_spawn': '`tools` に {tools} が含まれています',
    'agent_definitions.warn_no_tools': (
        '`tools` の一覧が無いため、このエージェントは Task と Agent を含むすべてのツールを引き継ぎます (subagent が'
        'ほかの subagent を起動できてしまいます)。必要なツールを列挙してください'
    ),
    # ---- sdd: agent-definitions, seed 003's naming, tiers and least tools
    'agent_definitions.err_model': '`model` が {model} で、モデル名ではありません（{models} または claude-... の ID）',
    'agent_definitions.err_sdd_role': (
        '{stem}.md はフレームワークのエージェント（sdd-*）の名前ですが、その表のロールではありません'
        '（sdd-architect、sdd-auditor-<観点>、sdd-taskgenerator、sdd-builder、sdd-inspector-<観点>）'
    ),
    'agent_definitions.err_sdd_name': '`name` はファイル名と同じ {stem} にしてください（起動するときの subagent_type）',
    'agent_definitions.err_sdd_description': (
        '`description` はフレームワーク固有の文言（SDD を含む）にして、Claude が自分から委任しない'
        'ようにしてください'
    ),
    'agent_definitions.err_sdd_model': '{stem} の `model` は {model} にしてください（ティア: アーキテクトとオーディターは opus、ほかは sonnet）',
    'agent_definitions.err_sdd_no_tools': (
        'フレームワークのエージェントはツールを列挙します（最小権限）: 多くとも {tools}'
    ),
    'agent_definitions.err_sdd_tools': (
        '`tools` にロールの最小限のツール（{tools}）を超える {extra} があります'
    ),
    'bash_check.list_unreadable': (
        'bash-check: {how} は {target}{verb}が、{problem}。修復するまで、書き込みはできません。'
    ),
    'bash_check.level_guarded': '保護対象のファイル',
    'reward.gap_status': 'validations.{kind}.status が {status} です (PASS ではありません)',
    'reward.gap_evidence': 'validations.{kind}.evidence が空です',
    'reward.gap_validated_at': 'validated_at が設定されていません',
    'reward.gap_validated_by': "validated_by が {got} です ('critic' ではありません)",
    'reward.gap_critic_evidence': 'critic.status は PASS ですが critic.evidence が空です',
    # >>> shell analysis (ja-shell) ----------------------------------------
    # The sentences the shell analysis records
    # (shell.model.Msg) for bash-check, the permission gate and the workflow
    # guards to say: shell.unknown.* (why a command cannot be resolved),
    # shell.find.* (destructive findings, and the phrases they embed:
    # shell.find.where_*), shell.carrier.* (code-execution carriers).
    # Kept together in one block for merging.
    'shell.unknown.alias_used_arguments_only': 'エイリアス {name!r} が実行時にしか分からない引数付きで使われています',
    'shell.unknown.ar_given_mode_computed': 'ar のモードが実行時に決まります',
    'shell.unknown.arith_dynamic_value': (
        '算術式が実行時にしか分からない ${name} の値を評価します (a[$(cmd)] のような値なら cmd が実行されます)'
    ),
    'shell.unknown.arith_too_deep': '算術式が変数名を指す変数を深くたどりすぎます',
    'shell.unknown.assembled_run_time': '`{how}` は実行時に組み立てられます',
    'shell.unknown.awk_pipes_output_command': 'awk が実行時に組み立てられるコマンドへ出力をパイプします',
    'shell.unknown.awk_program': 'awk: {reason}',
    'shell.unknown.awk_reads_command_assembled': 'awk が実行時に組み立てられるコマンドの出力を読みます',
    'shell.unknown.awk_runs_program_assembled': 'awk が実行時に組み立てられるプログラムを実行します',
    'shell.unknown.awk_runs_program_file': 'awk が読めないプログラムファイルを実行します',
    'shell.unknown.awk_system_runs_command': 'awk の system() が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.awk_writes_file_name': 'awk が実行時に決まる名前のファイルに書き込みます',
    'shell.unknown.brace_expansion_too_large': 'ブレース展開が大きすぎます',
    'shell.unknown.builds_runs_code_run': (
        '実行時にコードを組み立てて実行しており (eval/exec/getattr/動的 import)、検査できません'
    ),
    'shell.unknown.c_runs_string_assembled': '{name} -c が実行時に組み立てられる文字列を実行します',
    'shell.unknown.calls_object_check_cannot': '検査で特定できないオブジェクトの {call}() を呼び出しています',
    'shell.unknown.cannot_evaluate_assignment': '代入 {text!r} を評価できません ({exc})',
    'shell.unknown.cannot_evaluate_redirection_target': 'リダイレクト先 {text!r} を評価できません ({exc})',
    'shell.unknown.cannot_evaluate_word': '単語 {text!r} を評価できません ({exc})',
    'shell.unknown.cannot_read': '{text!r} を読み取れません ({exc})',
    'shell.unknown.cannot_read_here_document': 'ヒアドキュメントを読み取れません ({exc})',
    'shell.unknown.cannot_read_subscript': '{name!r} の添字を読み取れません ({exc})',
    'shell.unknown.cannot_read_value': '{name} の値を読み取れません ({exc})',
    'shell.unknown.chroot_runs_command_another': 'chroot は別のルートディレクトリでコマンドを実行するため、すべてのパスが別のものを指します',
    'shell.unknown.code_assembled_run_time': 'コードが実行時に組み立てられます (変数やコマンドの出力から)',
    'shell.unknown.code_cannot_checked': '{language} のコードは検査できません',
    'shell.unknown.code_option_dynamic': '`{how}` が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.command_longer_than_characters': 'コマンドが {MAX_BYTES} 文字を超えるため解析しません',
    'shell.unknown.command_name_glob': 'コマンド名 {text!r} がファイル名のパターンです',
    'shell.unknown.compgen_c_runs_command': 'compgen -C が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.computed_command_name': 'コマンド名 {text!r} が実行時に決まるため、何が実行されるか分かりません',
    'shell.unknown.cpio_rsh_command_runs': 'cpio --rsh-command が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.crontab_installs_scheduled_commands': 'crontab が内容を読めない定期実行コマンドを登録します',
    'shell.unknown.curl_k_reads_options': 'curl -K が設定ファイルからオプション (メソッドや出力ファイル) を読み込みます',
    'shell.unknown.empty_command': 'コマンドが空です',
    'shell.unknown.enable_f_loads_code': 'enable -f が共有ライブラリからコードを読み込みます',
    'shell.unknown.env_given_option_analysis': 'env に解析が知らないオプションが渡されています',
    'shell.unknown.env_runs_command_line': 'env -S が実行時に組み立てられるコマンドラインを実行します',
    'shell.unknown.eval_runs_string_assembled': 'eval が実行時に組み立てられる文字列を実行します',
    'shell.unknown.followed_words_bash_would': '{text!r} の後に、bash がコマンドとして実行する単語が続いています',
    'shell.unknown.getopts_assigns_variable_name': 'getopts が実行時に決まる名前の変数に代入します',
    'shell.unknown.git_clone_upload_pack': 'git clone --upload-pack が実行時に決まるプログラムを実行します',
    'shell.unknown.git_config_sets_key': 'git config が実行時に決まるキーを設定します',
    'shell.unknown.git_difftool_runs_command': 'git difftool が実行時に決まるコマンドを実行します',
    'shell.unknown.git_filter_branch_runs': 'git filter-branch が実行時に決まるコードを実行します',
    'shell.unknown.git_options_dynamic': 'git のオプションが実行時に決まります',
    'shell.unknown.git_push_refspec_computed': 'git push の refspec が実行時に決まります',
    'shell.unknown.git_push_remote_computed': 'git push の送り先リモートが実行時に決まります',
    'shell.unknown.git_push_runs_program': 'git push が実行時に決まるプログラムを実行します',
    'shell.unknown.git_rebase_exec_runs': 'git rebase --exec が実行時に決まるコマンドを実行します',
    'shell.unknown.git_reset_options_computed': 'git reset のオプションが実行時に決まります',
    'shell.unknown.git_runs_program_computed': 'git {sub} が実行時に決まるプログラムを実行します',
    'shell.unknown.git_send_pack_reads': 'git send-pack が push する ref を標準入力から読みます',
    'shell.unknown.git_send_pack_runs': 'git send-pack が実行時に決まるプログラムを実行します',
    'shell.unknown.git_submodule_foreach_runs': 'git submodule foreach が実行時に決まるコマンドを実行します',
    'shell.unknown.given_name_option_computed': '{name} に実行時に決まる名前またはオプションが渡されています',
    'shell.unknown.hash_p_changes_program': 'hash -p がコマンド名で実行されるプログラムを変更します',
    'shell.unknown.http_method_dynamic': '{who} の HTTP メソッドが実行時に決まります',
    'shell.unknown.imports_name_calls_cannot': '{mod} から {name} を名前で import しているため、その呼び出しを追跡できません',
    'shell.unknown.internal_error': 'コマンドの解析中に内部エラーが発生しました ({error_type}: {exc})',
    'shell.unknown.mapfile_assigns_array_name': 'mapfile が実行時に決まる名前の配列に代入します',
    'shell.unknown.more_than_command_separators': 'コマンドの区切りが {MAX_SEPARATORS} 個を超えています',
    'shell.unknown.more_than_commands': 'コマンドが {MAX_COMMANDS} 個を超えています',
    'shell.unknown.more_than_paths': 'パスが {MAX_PATHS} 個を超えています',
    'shell.unknown.n_makes_name_reference': '{name} -n は名前参照を作ります: それを通した代入は別の変数を変更します',
    'shell.unknown.names_start_up_file': '{name} が実行時にしか分からない起動ファイルを指定しています',
    'shell.unknown.not_a_string': 'コマンドが文字列ではありません',
    'shell.unknown.nsenter_runs_command_another': 'nsenter は別のプロセスの名前空間でコマンドを実行します',
    'shell.unknown.nul_byte': 'コマンドに NUL バイトが含まれています',
    'shell.unknown.opens_file_mode_computed': '実行時に決まるモードでファイルを開きます',
    'shell.unknown.opens_file_named_run': '実行時に決まる名前のファイルを開きます',
    'shell.unknown.opens_pipe_command_assembled': '実行時に組み立てられるコマンドへのパイプを開きます',
    'shell.unknown.parallel_runs_command_template': 'parallel が実行時に組み立てられるコマンドのテンプレートを実行します',
    'shell.unknown.parse_ansi_string': "$'...' の文字列が閉じていません",
    'shell.unknown.parse_array': '配列の代入が閉じていません',
    'shell.unknown.parse_backquote': 'バッククォートが閉じていません',
    'shell.unknown.parse_case_in': "case に 'in' がありません",
    'shell.unknown.parse_case_pattern': "case のパターンに ')' がありません",
    'shell.unknown.parse_case_subject': 'case の対象が 1 つの単語ではありません',
    'shell.unknown.parse_double_quote': 'ダブルクォートが閉じていません',
    'shell.unknown.parse_end': 'コマンドが途中で終わっています',
    'shell.unknown.parse_error': 'コマンドを構文解析できません ({msg})',
    'shell.unknown.parse_extglob': '拡張 glob が閉じていません',
    'shell.unknown.parse_failed': 'コマンドを構文解析できません ({exc})',
    'shell.unknown.parse_for_arith': 'for ((...)) が閉じていません',
    'shell.unknown.parse_heredoc_delimiter': 'ヒアドキュメントの終端文字列が閉じていません',
    'shell.unknown.parse_heredoc_no_body': '置換の中のヒアドキュメントに本文がありません',
    'shell.unknown.parse_heredoc_no_delimiter': 'ヒアドキュメントの演算子に終端文字列がありません',
    'shell.unknown.parse_not_substitution': '置換ではありません',
    'shell.unknown.parse_old_arith': '$[...] が閉じていません',
    'shell.unknown.parse_param': '${{...}} が閉じていません',
    'shell.unknown.parse_single_quote': 'シングルクォートが閉じていません',
    'shell.unknown.parse_substitution': '置換またはサブシェルが閉じていません',
    'shell.unknown.parse_test': '[[ ... ]] が閉じていません',
    'shell.unknown.parse_too_deep': 'コマンドの入れ子が深すぎます',
    'shell.unknown.parse_unexpected_paren': "予期しない ')' があります",
    'shell.unknown.program_contains_parts_computed': '`{how}`: プログラムに実行時に決まる部分があります',
    'shell.unknown.program_part': '`{how}`: {reason}',
    'shell.unknown.prompt_expansion': '${{...@P}} は変数の値をプロンプトとして展開します',
    'shell.unknown.psql_copy_program': 'psql の \\copy ... program はプログラムを実行します',
    'shell.unknown.python_m_arguments': '引数付きの python -m {name} です',
    'shell.unknown.python_m_runs_module': 'python -m が実行時に決まる名前のモジュールを実行します',
    'shell.unknown.re_runs_edits_commands': '{name} がシェルの履歴にあるコマンドを再実行または編集します',
    'shell.unknown.reads_program_file_named': '{name} が実行時に決まる名前のファイルからプログラムを読みます',
    'shell.unknown.reads_program_input': '{name} が標準入力からプログラムを読みます',
    'shell.unknown.refers_without_calling_directly': '{name} を直接呼び出さずに参照しています',
    'shell.unknown.rsync_e_runs_command': 'rsync -e が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.runs_backquoted_command_assembled': '実行時に組み立てられるバッククォートのコマンドを実行します',
    'shell.unknown.runs_code_produced_run': '{name} が {names} によって実行時に生成されるコードを実行します',
    'shell.unknown.runs_command_arguments_computed': '実行時に決まる引数でコマンドを実行します',
    'shell.unknown.runs_command_assembled_run': '実行時に組み立てられるコマンドを実行します',
    'shell.unknown.runs_command_cannot_read': '読み取れないコマンドを実行します',
    'shell.unknown.runs_downloaded_code': '{name} がダウンロードしたコードを実行します',
    'shell.unknown.runs_external_commands_way': '読み取れない方法で外部コマンドを実行します',
    'shell.unknown.runs_program_arguments_computed': '実行時に決まる引数でプログラムを実行します',
    'shell.unknown.runs_program_file_name': '{name} が実行時に決まるファイル名のプログラムを実行します',
    'shell.unknown.runs_program_produced_run': '{name} が実行時に生成されるプログラムを実行します',
    'shell.unknown.runs_qx_x_command': '実行時に組み立てられる qx/%x のコマンドを実行します',
    'shell.unknown.runs_script_path_computed': '{name} が実行時に決まるパスのスクリプトを実行します',
    'shell.unknown.runs_written_earlier_command': (
        '{name} が {word} を実行しますが、これは同じコマンドの中で先に書き込まれ、内容が分かりません'
    ),
    'shell.unknown.runuser_c_runs_command': 'runuser -c が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.runuser_passes_arguments_user': 'runuser がユーザーのシェルに引数を渡します',
    'shell.unknown.runuser_runs_command_shell': 'runuser -s は解析が知らないシェルでコマンドを実行します',
    'shell.unknown.sed_e_command_runs': 'sed の e コマンドが入力から組み立てたシェルコマンドを実行します',
    'shell.unknown.sed_runs_script_assembled': 'sed が実行時に組み立てられるスクリプトを実行します',
    'shell.unknown.sed_runs_script_file': 'sed が読めないスクリプトファイルを実行します',
    'shell.unknown.set_value_only_known': '{name} に実行時にしか分からない値が設定され、シェルがそれを実行します',
    'shell.unknown.sets_git_configuration_computed': '`{how}` が実行時に決まる git の設定をします',
    'shell.unknown.sg_runs_command_assembled': 'sg が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.shell_parser_not_available': 'シェルの構文解析器が使えません ({exc})',
    'shell.unknown.split_filter_runs_command': 'split --filter が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.sql_include': '{word} が別の場所から SQL 文を読み込みます ({rest})',
    'shell.unknown.ssh_runs_remote_command': 'ssh が実行時に組み立てられるリモートコマンドを実行します',
    'shell.unknown.su_c_runs_command': 'su -c が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.su_passes_arguments_user': 'su がユーザーのシェルに引数を渡します',
    'shell.unknown.su_runs_command_shell': 'su -s は解析が知らないシェルでコマンドを実行します',
    'shell.unknown.sudo_chroot_runs_command': 'sudo --chroot は別のルートディレクトリでコマンドを実行します',
    'shell.unknown.tar_runs_command_assembled': 'tar {option} が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.too_complex': 'コマンドが複雑すぎて制限時間内に検査できません',
    'shell.unknown.too_deep': '入れ子が {MAX_DEPTH} 段を超えています',
    'shell.unknown.trap_runs_command_assembled': 'trap が実行時に組み立てられるコマンドを実行します',
    'shell.unknown.unshare_root_runs_command': 'unshare --root は別のルートディレクトリでコマンドを実行します',
    'shell.unknown.unsupported_shell_construct': '対応していないシェルの構文です ({kind})',
    'shell.unknown.unterminated_substitution': '置換が閉じていません',
    'shell.unknown.watch_runs_command_line': 'watch が実行時に組み立てられるコマンドラインを実行します',
    'shell.unknown.wget_e_config_runs': 'wget -e/--config が動作を変える wgetrc のコマンドを実行します',
    'shell.unknown.writes_file_name_computed': '`{how}` が実行時に決まる名前のファイルに書き込みます',
    'shell.unknown.zip_tt_runs_command': 'zip -TT が実行時に組み立てられるコマンドを実行します',
    'shell.find.apply_prune_deletes_resources': '{name} apply --prune はファイルに無いリソースを削除します',
    'shell.find.changes_run_level': '{name} {what} はランレベルを変更します',
    'shell.find.changes_running_kernel': '{name} は動作中のカーネルを変更します',
    'shell.find.changes_system_user_accounts': '{name} はシステムのユーザーアカウントを変更します',
    'shell.find.check_repair_can_corrupt': '{name} check --repair はファイルシステムを壊すことがあります',
    'shell.find.chmod_outside_project': '{path} に対する {command} です (プロジェクトの外)',
    'shell.find.clean_drops_database_objects': '--clean は復元の前にデータベースのオブジェクトを削除します',
    'shell.find.cloud_delete': '{name} {what} はクラウドのリソースやデータを削除します',
    'shell.find.cluster_changes_cluster': '--cluster {value} はクラスターを変更します',
    'shell.find.command_name_fetched': 'コマンド名が {origin}から来ます: ネットワークから来た内容が実行されます',
    'shell.find.compose_down_v_rmi': '{name} compose down -v/--rmi はボリュームやイメージを削除します',
    'shell.find.compose_rm_v_deletes': '{name} compose rm -v はボリュームを削除します',
    'shell.find.connected_network_socket_remote': (
        '{name} がネットワークソケット ({target}) につながっています: リモートシェルです'
    ),
    'shell.find.creates_file_system_erases': '{name} はファイルシステムを作成します (対象デバイスの内容は消えます)',
    'shell.find.crontab_r_deletes_every': 'crontab -r はユーザーの定期ジョブをすべて削除します',
    'shell.find.d_disconnects_block_device': '{name} -d はブロックデバイスを切り離します (その上のファイルシステムはディスクを失います)',
    'shell.find.database_client': '{name}: {message}',
    'shell.find.database_unseen_input': '{where}から読んだ文を実行しますが、実行前に内容を確認できません (何でも削除できてしまいます)',
    'shell.find.del_deletes_keys': 'del はキーを削除します',
    'shell.find.deletes_containers_images_networks': '{name} {what} はコンテナ・イメージ・ネットワーク・ボリュームを削除します',
    'shell.find.deletes_containers_images_volumes': '{name} {what} はコンテナ・イメージ・ボリュームを削除します',
    'shell.find.deletes_data': '{what} はデータを削除します',
    'shell.find.deletes_database_role_cluster': 'データベース・ロール・クラスターを削除します',
    'shell.find.deletes_every_container_image': '{name} {what} はすべてのコンテナ・イメージ・Pod を削除します',
    'shell.find.deletes_jobs_volumes': '{name} {what} はジョブやボリュームを削除します',
    'shell.find.deletes_machines_clusters': '{name} {what} はマシンやクラスターを削除します',
    'shell.find.deletes_secrets_secrets_engine': '{name} {what} はシークレットやシークレットエンジンを削除します',
    'shell.find.deletes_stack_state': '{name} {what} はスタックやその state を削除します',
    'shell.find.deletes_topics_queues_streams': 'トピック・キュー・ストリームやそのメッセージを削除します',
    'shell.find.destroy_deletes_every_resource': '{name} destroy はスタックのリソースをすべて削除します',
    'shell.find.destroys_rebuilds_raid_array': '{name} {hit} は RAID アレイを破棄または再構築します',
    'shell.find.destroys_storage_snapshots': '{name} {what} はストレージやスナップショットを破棄します',
    'shell.find.device_remove_takes_device': '{name} device remove はファイルシステムからデバイスを外します',
    'shell.find.disk_badblocks': '{name} はデバイスを上書きすることがあります',
    'shell.find.disk_boot_loader': '{name} はブートローダーを書き換えます',
    'shell.find.disk_discard': '{name} はデバイスのデータを破棄します',
    'shell.find.disk_edit_partitions': '{name} はパーティションテーブルを編集します',
    'shell.find.disk_firmware': '{name} はファームウェアを書き換えます',
    'shell.find.disk_format': '{name} はデバイスをフォーマットします',
    'shell.find.disk_wipe_signatures': '{name} はファイルシステムのシグネチャを消去します',
    'shell.find.disk_write': '{name} はディスクに書き込みます',
    'shell.find.disk_write_partitions': '{name} はパーティションテーブルを書き込みます',
    'shell.find.disk_zero_log': '{name} はファイルシステムのログをゼロで埋めます (直近の変更が失われます)',
    'shell.find.drop_deletes_database': 'drop はデータベースを削除します',
    'shell.find.drop_deletes_each_collection': '--drop は復元の前に各コレクションを削除します',
    'shell.find.drops_empties_database': '{what} はデータベースを削除または空にします',
    'shell.find.e_c_connects_program': '{name} -e/-c はプログラムをネットワークにつなぎます (リモートシェル)',
    'shell.find.erases_disk': '{name} {value} はディスクを消去します',
    'shell.find.erases_drive': '{name} {what} はドライブを消去します',
    'shell.find.erases_drive_any': '{name} はドライブを消去します',
    'shell.find.erases_encryption_keys_formats': '{name} は暗号鍵を消去するか、デバイスをフォーマットします',
    'shell.find.eval_fetched': 'eval が {origin}を実行します: ネットワークから来た内容がシェルコマンドとして実行されます',
    'shell.find.filesystem_resize_shrinks_file': '{name} filesystem resize はファイルシステムを縮小します',
    'shell.find.force_deletes_recreates_release': '{name} {what} --force はリリースのリソースを削除して作り直します',
    'shell.find.fork_code': 'ループの中で fork します (フォーク爆弾)',
    'shell.find.fork_function': '関数 {name!r} がパイプやバックグラウンドで自分自身を呼び出します: フォーク爆弾です',
    'shell.find.fork_loop': 'バックグラウンドのプロセスを起動し続ける無限ループです (フォーク爆弾のようにプロセステーブルを使い果たします)',
    'shell.find.gh_deletes_archives_something': 'gh {group} {action} は GitHub 上のものを削除またはアーカイブします',
    'shell.find.git_branch_d_deletes': (
        'git branch -D: マージされていないコミットがあってもブランチを削除します。`git branch -d` を使ってください'
    ),
    'shell.find.git_branch_f_moves': 'git branch -f {name}: 既存のブランチを動かします (そのコミットが失われることがあります)',
    'shell.find.git_branch_m_c': 'git branch -M/-C: 既存のブランチを上書きします',
    'shell.find.git_checkout_b_resets': (
        'git checkout -B {option}: 既存のブランチをリセットします (そのコミットが失われることがあります)。新しいブランチには `git checkout -'
        'b` を使ってください'
    ),
    'shell.find.git_checkout_force_throws': 'git checkout --force: ローカルの変更を捨てます',
    'shell.find.git_checkout_index_f': 'git checkout-index -f: 作業ツリーのファイルをインデックスの内容で上書きします',
    'shell.find.git_checkout_paths': (
        'git checkout <path>: {paths} のコミットしていない変更を上書きします。先にコミットか stash をしてください'
    ),
    'shell.find.git_checkout_paths_dashdash': (
        'git checkout -- <path>: {paths} のコミットしていない変更を上書きします。先にコミットか stash をしてください'
    ),
    'shell.find.git_checkout_pathspec_file': (
        'git checkout --pathspec-from-file: ファイルをコミット済みの内容で上書きします'
    ),
    'shell.find.git_clean_permanently_deletes': (
        'git clean: 追跡されていないファイルを完全に削除します。まず `git clean -n` で消えるものを確認し、そのパスを 1 つずつ削除してください'
    ),
    'shell.find.git_gc_prune_now': (
        'git gc --prune=now: 到達できないコミット (reset や rebase が残したもの) を完全に削除します'
    ),
    'shell.find.git_prune_permanently_deletes': 'git prune: 到達できないコミットを完全に削除します',
    'shell.find.git_push_abbreviates_forcing': 'git push {option}: 強制または削除のオプションの省略形です',
    'shell.find.git_push_delete_deletes': 'git push --delete: リモートのブランチやタグを削除します',
    'shell.find.git_push_empty_source': 'git push {option}: 送り元が空のため、リモートの ref を削除します',
    'shell.find.git_push_force': 'git push {option}: リモートのブランチの履歴を上書きします',
    'shell.find.git_push_force_lease': (
        '明示的な <ref>:<expected-sha> の無い git push --force-with-lease: リモートのブランチを上書きします。`--force-wit'
        'h-lease=<branch>:<sha>` を使ってください'
    ),
    'shell.find.git_push_mirror_default': (
        'デフォルトのリモートへの git push: そのリモートは mirror = true に設定されています (リモートの ref を上書き・削除します)'
    ),
    'shell.find.git_push_mirror_overwrites': 'git push --mirror: リモートの ref を上書き・削除します',
    'shell.find.git_push_mirror_remote': (
        '{remote} への git push: そのリモートは mirror = true に設定されています (リモートの ref を上書き・削除します)'
    ),
    'shell.find.git_push_prune_deletes': 'git push --prune: リモートのブランチを削除します',
    'shell.find.git_push_refspec_forces': "git push {option}: '+' 付きの refspec は更新を強制します",
    'shell.find.git_read_tree_u': 'git read-tree -u --reset: 作業ツリーのコミットしていない変更を上書きします',
    'shell.find.git_reflog_deletes_history': 'git reflog {value}: 失われたコミットを取り戻すための履歴を削除します',
    'shell.find.git_reset_discards_uncommitted': (
        'git reset {bad}: 作業ツリーのコミットしていない作業を捨てます。先にコミットか stash をするか、`git reset --soft`/`--mixed` '
        'を使ってください'
    ),
    'shell.find.git_restore_working_tree': (
        'git restore (作業ツリー): コミットしていない変更を上書きします。ステージを外すだけなら `git restore --staged` を使ってください'
    ),
    'shell.find.git_rewrites_repository_history': 'git {sub}: リポジトリの履歴を書き換えます',
    'shell.find.git_send_pack_deletes': 'git send-pack {r}: リモートの ref を削除します',
    'shell.find.git_send_pack_force': 'git send-pack --force: リモートの ref を上書きします',
    'shell.find.git_send_pack_mirror': 'git send-pack --mirror: リモートの ref を上書き・削除します',
    'shell.find.git_send_pack_ref': "git send-pack {r}: '+' 付きの ref は更新を強制します",
    'shell.find.git_stash_permanently_deletes': 'git stash {value}: stash した作業を完全に削除します',
    'shell.find.git_submodule_deinit_force': (
        'git submodule deinit --force: サブモジュールの作業ツリーを、コミットしていない変更ごと削除します'
    ),
    'shell.find.git_switch_c_resets': 'git switch -C {option}: 既存のブランチをリセットします',
    'shell.find.git_switch_force_discard': 'git switch --force/--discard-changes: ローカルの変更を捨てます',
    'shell.find.git_update_ref_d': 'git update-ref -d/--stdin: ref を削除または書き換えます',
    'shell.find.git_update_ref_moves': (
        'git update-ref: ref を直接動かします (コミットが失われることがあります)。代わりに `git branch`/`git reset` を慎重に使ってくださ'
        'い'
    ),
    'shell.find.git_worktree_remove_force': (
        'git worktree remove --force: コミットしていない変更があるワークツリーを削除します'
    ),
    'shell.find.http_delete': '{name} が HTTP {method} リクエストを送ります (リモートのリソースを削除します)',
    'shell.find.infra_delete': '{name} {sub} は管理下のインフラを削除します',
    'shell.find.infra_destroy': '{name} {sub}{destroy} は管理下のインフラを削除します',
    'shell.find.into_interpreter': 'インタープリター',
    'shell.find.into_shell': 'シェル',
    'shell.find.journalctl_vacuum_deletes_system': 'journalctl --vacuum-* はシステムのログを削除します',
    'shell.find.kill_signals_every_process': 'kill -1 はユーザーのすべてのプロセスにシグナルを送ります',
    'shell.find.kill_signals_init_machine': 'kill 1 は init にシグナルを送ります (マシンが停止します)',
    'shell.find.killall5_signals_every_process': 'killall5 はすべてのプロセスにシグナルを送ります',
    'shell.find.kills_critical_all_processes': '{name} {what} は重要なプロセスまたはすべてのプロセスを終了させます',
    'shell.find.kubectl_delete': '{name} delete {what} はクラスターのリソースを削除します',
    'shell.find.kubectl_delete_any': '{name} delete はクラスターのリソースを削除します',
    'shell.find.kv_delete_deletes_keys': '{name} kv delete はキーを削除します',
    'shell.find.launchctl_stops_removes_service': 'launchctl {op} はサービスを停止または削除します',
    'shell.find.makes_git_gc_delete': (
        '`{how}` の {key}={val} により、git gc が到達できないコミットや reflog のエントリ (reset や rebase が残したもの) を即座に削'
        '除します'
    ),
    'shell.find.makes_pushes_forced': '`{how}` の {key}={val} により push が強制になります',
    'shell.find.makes_pushes_remote_mirror': (
        '`{how}` の {key}={val} により、そのリモートへの push がリポジトリのミラーになります (リモートの ref を上書き・削除します)'
    ),
    'shell.find.mongo_command': '{call}({arg}...) はデータを削除するかサーバーを停止します',
    'shell.find.mongo_drop': '{call}() は MongoDB のデータを削除します',
    'shell.find.mongo_empty_filter': '空のフィルターの {call}() はすべてのドキュメントに作用します',
    'shell.find.mount_over_system': '{name} はシステムのファイルシステム {path} の上にマウントします',
    'shell.find.mounts_host_container': '{name} はホストの {host} をコンテナにマウントします',
    'shell.find.parallel_feeds_reads_run': (
        'parallel が実行時に読んだものを {fed} にコードとして渡します (最悪の場合、つまり任意のコマンドとして判断します)'
    ),
    'shell.find.parallel_runs_command_lines': (
        'parallel が実行時に読んだコマンドラインを実行します (最悪の場合、つまり任意のコマンドとして判断します)'
    ),
    'shell.find.program_fetched': '`{how}` は {origin}から来ます: ネットワークから来た内容が実行されます',
    'shell.find.program_part': '`{how}`: {message}',
    'shell.find.r_path_only_known': '実行時にしか分からないパス {text!r} に対する {key} -R です',
    'shell.find.r_whole_project': 'プロジェクト全体に対する {key} -R {mode} です',
    'shell.find.redis_cluster_reset': 'redis {command} はクラスターのノードをリセットします',
    'shell.find.redis_config_set': 'redis {command} はサーバーの設定 (ファイルの書き込み先) を変更します',
    'shell.find.redis_debug_flushall': 'redis {command} はすべてのキーを削除します',
    'shell.find.redis_debug_segfault': 'redis {command} はサーバーをクラッシュさせます',
    'shell.find.redis_del': 'redis {command} はキーを削除します',
    'shell.find.redis_flushall': 'redis {command} はすべてのデータベースのキーをすべて削除します',
    'shell.find.redis_flushdb': 'redis {command} はデータベースのキーをすべて削除します',
    'shell.find.redis_function_delete': 'redis {command} は関数ライブラリを削除します',
    'shell.find.redis_function_flush': 'redis {command} はすべての関数を削除します',
    'shell.find.redis_lua': 'Lua スクリプトが redis {name} を実行します',
    'shell.find.redis_script_flush': 'redis {command} はキャッシュされたスクリプトをすべて削除します',
    'shell.find.redis_shutdown': 'redis {command} はサーバーを停止します',
    'shell.find.redis_swapdb': 'redis {command} はデータベースを丸ごと入れ替えます',
    'shell.find.removes_containers_images_chosen': (
        '{name} {what} は実行時に選ばれるコンテナやイメージ (すべての場合もあります) を削除します'
    ),
    'shell.find.removes_firewall_rules': '{name} {what} はファイアウォールのルールを削除します',
    'shell.find.removes_global_package': '{name} はグローバルのパッケージを削除します',
    'shell.find.removes_named_system_packages': '{name} {removing} はシステムのパッケージ (指定したもの) を削除します',
    'shell.find.removes_release_resources': '{name} {what} はリリースとそのリソースを削除します',
    'shell.find.removes_replaces_device_mapper': '{name} {what} は device-mapper のデバイスを削除または置き換えます',
    'shell.find.removes_shrinks_moves_storage': '{name} はストレージのボリュームを削除・縮小・移動します (データが失われることがあります)',
    'shell.find.removes_system_packages': '{name} {removing} はシステムのパッケージ ({what}) を削除します',
    'shell.find.replace_force_deletes_recreates': '{name} replace --force はリソースを削除して作り直します',
    'shell.find.replace_start_overwrites_target': '{name} replace start は対象のデバイスを上書きします',
    'shell.find.rescue_rewrites_file_system': '{name} rescue {action} はファイルシステムのメタデータを書き換えます',
    'shell.find.rm_deletes_dataset_table': 'rm はデータセット・テーブル・モデルを削除します',
    'shell.find.rm_dynamic_path': (
        '`{how}` が {shown!r} を削除しますが、そのパスは実行時にしか分かりません (変数・置換・不明なディレクトリ)。パスをそのまま書いてください'
    ),
    'shell.find.rm_glob': '`{how}` が {base} の中で {shown!r} に一致するものをすべて削除します ({where} に対する glob)',
    'shell.find.rm_no_preserve_root': 'rm --no-preserve-root: / の再帰的な削除を許可します',
    'shell.find.rm_outside_project': '`{how}` が {shown!r} = {path} を削除します。プロジェクトと一時ディレクトリの外です',
    'shell.find.rm_protected_dir': '`{how}` が {shown!r} = {path} ({where}) を削除します',
    'shell.find.rm_remote': '`{how}` が別のホスト上の {text!r} を削除します',
    'shell.find.rm_system_file': '`{how}` がプロジェクト外のシステムまたはホームの設定ファイル {path} を削除します',
    'shell.find.rm_temp_root': '`{how}` が一時ディレクトリ {path} を丸ごと削除します',
    'shell.find.runs_arrives_network_connection': '{name} がネットワーク接続 ({path}) から届いたものを実行します',
    'shell.find.runs_download': '{name} が {name2} のダウンロードしたものを実行します',
    'shell.find.runs_download_piped': (
        '{name} が {name2} のダウンロードしたものを実行します (取得した内容が {into} にパイプされます)。ファイルにダウンロードし、中身を読んでから実行してくだ'
        'さい'
    ),
    'shell.find.scale_replicas_stops_every': '{name} scale --replicas=0 はワークロードの Pod をすべて停止します',
    'shell.find.service_stops_system_service': 'service {op} {service} はシステムのサービスを停止します',
    'shell.find.shell_c_fetched': '{name} -c が {origin}を実行します: ネットワークから来た内容が実行されます',
    'shell.find.shrinks_logical_volume_data': '{name} は論理ボリュームを縮小します (新しい末尾より後ろのデータは失われます)',
    'shell.find.shutdown_stops_database_server': 'shutdown はデータベースサーバーを停止します',
    'shell.find.socat_runs_program_connection': 'socat が接続の上でプログラムを実行します (リモートシェル)',
    'shell.find.sql_alter_drop': 'ALTER ... DROP はテーブルやデータベースの一部を削除します (`{shown}`...)',
    'shell.find.sql_copy_program': 'COPY ... PROGRAM はデータベースサーバー上でプログラムを実行します',
    'shell.find.sql_delete_all': 'WHERE の無い DELETE はすべての行を削除します (`{shown}`...)',
    'shell.find.sql_drop': '`DROP {what}` はデータを削除します (`{shown}`...)',
    'shell.find.sql_outfile': 'SELECT ... INTO OUTFILE はデータベースサーバー上にファイルを書き込みます',
    'shell.find.sql_shutdown': 'SHUTDOWN はデータベースサーバーを停止します',
    'shell.find.sql_truncate': '`TRUNCATE {what}` はデータを空にします (`{shown}`...)',
    'shell.find.sql_update_all': 'WHERE の無い UPDATE はすべての行を変更します (`{shown}`...)',
    'shell.find.sql_where_no_column': '列を参照しない WHERE 句の {head} はすべての行に作用します (`{shown}`...)',
    'shell.find.state_changes_state_tracks': (
        '{name} state {op} は state が管理する対象を変更します (リソースが失われることがあります)'
    ),
    'shell.find.stops_restarts_machine': '{name} はマシンを停止または再起動します',
    'shell.find.storage_delete': '{name} {what} は保存されたオブジェクトやバケットを削除します',
    'shell.find.storage_sync_delete': '{sub} (同期先で削除)',
    'shell.find.subvolume_delete_deletes_subvolume': (
        '{name} subvolume delete はサブボリュームとそのファイルを削除します'
    ),
    'shell.find.systemctl_stops_disables_system': (
        'systemctl {op} {services} はシステムのサービスを停止または無効化します'
    ),
    'shell.find.systemctl_stops_restarts_suspends': 'systemctl がマシンを停止・再起動・サスペンドします',
    'shell.find.takes_machine_off_network': '{name} {what} はマシンをネットワークから切り離します',
    'shell.find.takes_node_out_service': '{name} {sub} はノードをサービスから外します (drain はすべての Pod を退避させます)',
    'shell.find.too_deep': 'コマンドの入れ子が {MAX_DEPTH} 段を超えています (シェルの中のシェル、置換、ラッパー)。何が実行されるかが隠れます',
    'shell.find.umount_system': '{name} はシステムのファイルシステム {path} をアンマウントします',
    'shell.find.unmounts_every_file_system': '{name} -a はすべてのファイルシステムをアンマウントします',
    'shell.find.where_above_home': 'ホームディレクトリを含むディレクトリ',
    'shell.find.where_above_project': 'プロジェクトを含むディレクトリ',
    'shell.find.where_command_dynamic': '実行時に組み立てられるコマンド',
    'shell.find.where_command_line_dynamic': '実行時に組み立てられるコマンドライン',
    'shell.find.where_file': 'ファイル {file}',
    'shell.find.where_file_dynamic': '実行時に決まる名前のファイル',
    'shell.find.where_fs_root': 'ファイルシステムのルート',
    'shell.find.where_heredoc_dynamic': '実行時に組み立てられるヒアドキュメント',
    'shell.find.where_home': 'ホームディレクトリ',
    'shell.find.where_input': '標準入力',
    'shell.find.where_output_of': '{names} の出力',
    'shell.find.where_outside': 'プロジェクトの外',
    'shell.find.where_project_root': 'プロジェクトのルート',
    'shell.find.where_script_dynamic': '実行時に組み立てられるスクリプト',
    'shell.find.where_sql_unreadable': '解析が読めなかった SQL (sqlparse がありません)',
    'shell.find.where_temp_root': '一時ディレクトリのルート',
    'shell.find.workspace_delete_deletes_workspace': (
        '{name} workspace delete はワークスペースの state を削除します'
    ),
    'shell.find.writes_block_device': '`{how}` がブロックデバイス {path} に書き込みます (ディスクの内容が壊れます)',
    'shell.find.writes_home_config': (
        '`{how}` がホームディレクトリの設定ファイル {path} に書き込みます (シェルの起動ファイル・鍵・ツールの設定はプロジェクトの一部ではありません)'
    ),
    'shell.find.writes_system': '`{how}` がプロジェクト外のシステムの場所 {path} に書き込みます',
    'shell.find.xargs_feeds_reads_run': (
        'xargs が実行時に読んだものを {fed} にコードとして渡します (最悪の場合、つまり任意のコマンドとして判断します)'
    ),
    # ---- command families, as a reader says them
    'bash_check.family.infrastructure': 'インフラ系',
    'bash_check.family.cloud': 'クラウド系',
    'bash_check.family.databases': 'データベース系',
    'bash_check.family.disks': 'ディスク系',
    'bash_check.family.system': 'システム系',
    'bash_check.family.packages': 'パッケージ系',
    'bash_check.family.fanout': '一括実行系',
    'bash_check.family.git': 'git 系',
    'bash_check.family.gh': 'gh 系',
    'bash_check.family.network': 'ネットワーク系',
    'bash_check.family.files': 'ファイル系',
    'bash_check.family.text': 'テキスト処理系',
    'bash_check.family.archives': 'アーカイブ系',
    'bash_check.family.interpreters': 'インタープリター系',
    'bash_check.family.shells': 'シェル系',
    'bash_check.family.wrappers': 'ラッパー系',
    'bash_check.family.builtins': 'シェル組み込み系',
    'bash_check.family.unmodelled': '未分類',
    'bash_check.family.shell': 'シェル構文系',
    'bash_check.source_broken': '壊れた権限設定 (すべての系統がブロックします)',
    'bash_check.source_default': '{family}の既定値',
    'bash_check.source_layer': '{layer} の families.{family}',
    'bash_check.source_raised': '{layer} の families.{family}: {setting} (引き上げ: 緩められない系統です)',
    'shell.carrier.awk_loads_extension_include': 'awk が拡張やインクルードファイルを読み込みます',
    'shell.carrier.awk_pipes_output_command': 'awk が出力をコマンドにパイプします',
    'shell.carrier.awk_runs_shell_commands': 'awk がシェルコマンドを実行します (system/パイプ)',
    'shell.carrier.c_f_runs_command': '{name} -C/-F がコマンドや関数を実行します',
    # ---- walls: interpreter code the analysis does not follow
    'shell.unknown.python_not_known': 'この Python コードは分析できません: {reason}',
    'shell.unknown.py_unparsed': '解析できる Python ではありません',
    'shell.unknown.py_relative_import': '相対パッケージから import しています',
    'shell.unknown.py_star_import': '{module} のすべての名前を import しています',
    'shell.unknown.py_reaches_dunder': '{name} に触れています (その裏ではどんなコードでも動かせます)',
    'shell.unknown.py_builds_name': '{name} を使っており、名前やコードを実行時に組み立てます',
    'shell.unknown.py_rebinds': 'import した名前 {name} を別のものに置き換えています',
    'shell.unknown.py_database': (
        'データベースのドライバ {module} を import しています (データベースに何をするかは読み取れません)'
    ),
    'shell.unknown.py_unknown_name': '{module} から、分析が知らない名前 {name} を import しています',
    'shell.unknown.py_unknown_module': '分析が知らないモジュール {module} を import しています',
    'shell.unknown.py_method_on_unknown': '正体を特定できない値の .{name}() を呼んでいます',
    'shell.unknown.py_computed_call': '実行時に決まるもの (添字や呼び出しの結果) を呼んでいます',
    'shell.unknown.py_chdir': '作業ディレクトリを変えるため、相対パスを追えません',
    'shell.unknown.py_unknown_call': '分析が知らない {name} を呼んでいます',
    'shell.unknown.py_unknown_method': '分析が知らないメソッド {name}() を呼んでいます',
    'shell.unknown.py_indirect': '{name} を直接呼ばずに参照しています',
    'shell.unknown.code_chdir': 'コードが作業ディレクトリを変えるため、相対パスを追えません',
    'shell.unknown.code_database': 'コードがデータベースドライバーを使います。データベースに何をするかは読めません',
    'shell.unknown.code_computed_call': 'コードが実行時に名前を組み立てたメンバーを呼び出します',
    # ---- walls: git's variables and the environment's PATH
    'shell.carrier.git_env': '{name}=... は git が読み書きする場所 (トレース、インデックス、リポジトリ) を変えます',
    'shell.unknown.git_env_computed': '{name} に実行時にしか分からない値が設定されています (git が書き込む場所)',
    'shell.carrier.env_path_relative': (
        '環境変数 PATH に相対的なエントリ {entry} があります: {name} はプロジェクト内のファイルかもしれません'
    ),
    'shell.unknown.path_computed': 'PATH に実行時にしか分からない値が設定されています: {name} がどのプログラムか分かりません',
    'shell.carrier.dynamic_loader': '{name} は動的ローダーです: 指定されたプログラムを、指定されたライブラリを読み込んで実行します',
    'shell.carrier.git_include': 'git は {path} から設定を読みます ({how})',
    'shell.unknown.git_include_unread': (
        '{how} により git は {path} から設定を読みますが、ここでは読めません'
    ),
    'shell.carrier.code_env': '{name}=... は {runner} が実行するコードを変えます',
    'shell.carrier.code_env_shell': '{name}=... はシェルが実行するコードを変えます',
    'shell.carrier.code_env_dynamic': '{name}=... は実行時に名前が決まるプログラムが実行するコードを変えます',
    'shell.carrier.cpio_rsh_command_runs': 'cpio --rsh-command がコマンドを実行します',
    'shell.carrier.crontab_installs_scheduled_commands': 'crontab が定期実行するコマンドを登録します',
    'shell.carrier.enable_f_loads_shared': 'enable -f がシェルに共有ライブラリを読み込みます',
    'shell.carrier.eval_runs_string_shell': 'eval が文字列をシェルのコードとして実行します',
    'shell.carrier.exported_code_env': 'export された {name} により、{runner} が起動するすべてのシェルがコードを実行します',
    'shell.carrier.exported_code_env_any': 'export された {name} により、起動されるすべてのシェルがコードを実行します',
    'shell.carrier.find_runs_command_every': 'find {option} が一致するものごとにコマンドを実行します',
    'shell.carrier.gh_alias_set_shell': 'gh alias set --shell がシェルコマンドを定義します',
    'shell.carrier.gh_extension_installs_runs': 'gh extension がサードパーティのコードをインストールまたは実行します',
    'shell.carrier.git_alias': 'git {name} はエイリアスです ({value})',
    'shell.carrier.git_bisect_run_runs': 'git bisect run がコマンドを実行します',
    'shell.carrier.git_changes_programs_git': 'git {opt} は git が実行するプログラムを変えます',
    'shell.carrier.git_clone_upload_pack': 'git clone --upload-pack がプログラムを実行します',
    'shell.carrier.git_config_edit_opens': 'git config --edit がエディタを開きます',
    'shell.carrier.git_config_sets_key': 'git config が実行時に決まるキーを設定します',
    'shell.carrier.git_difftool_extcmd_runs': 'git difftool --extcmd がコマンドを実行します',
    'shell.carrier.git_filter_branch_runs': 'git filter-branch {option} がシェルのコードを実行します',
    'shell.carrier.git_grep_o_runs': 'git grep -O がページャーのプログラムを実行します',
    'shell.carrier.git_init_template_copies': 'git init --template がディレクトリから hook をコピーします',
    'shell.carrier.git_push_runs_program': 'git push {option} がプログラムを実行します',
    'shell.carrier.git_rebase_exec_runs': 'git rebase --exec がシェルコマンドを実行します',
    'shell.carrier.git_runs_configured_tool': 'git {sub} が設定されたツールを実行します',
    'shell.carrier.git_runs_program': 'git {sub} {option} がプログラムを実行します',
    'shell.carrier.git_send_pack_receive': 'git send-pack --receive-pack がプログラムを実行します',
    'shell.carrier.git_submodule_foreach_runs': 'git submodule foreach がシェルコマンドを実行します',
    'shell.carrier.git_upload_pack_runs': 'git {sub} --upload-pack がプログラムを実行します',
    'shell.carrier.hash_p_remaps_command': 'hash -p がコマンド名を別のプログラムに割り当て直します',
    'shell.carrier.holds_substitution_shell_runs': '{name} に、シェルがプロンプトを展開するときに実行する置換が含まれています',
    'shell.carrier.makes_git_run_program': '`{how}` の {key} により、git がプログラムやエイリアスを実行します',
    'shell.carrier.makes_network_requests': '`{how}` がネットワークにリクエストを送ります',
    'shell.carrier.mapfile_c_runs_callback': 'mapfile -C がコールバックのコマンドを実行します',
    'shell.carrier.network_redirect': '`{how}` がネットワーク接続を開きます ({path})',
    'shell.carrier.parallel_runs_commands_built': 'parallel が引数から組み立てたコマンドを実行します',
    'shell.carrier.prompt_command_runs_command': 'PROMPT_COMMAND はプロンプトの表示前に毎回コマンドとして実行されます',
    'shell.carrier.rsync_e_runs_command': 'rsync -e がコマンドをリモートシェルとして実行します',
    'shell.carrier.rsync_rsync_path_runs': 'rsync --rsync-path がリモート側でコマンドを実行します',
    'shell.carrier.runs_commands_file': '{name} がファイルに書かれたコマンドを実行します',
    'shell.carrier.runs_inline_code': '{name} がインラインのコードを実行します',
    'shell.carrier.runs_pager_reads_options': '{name} がページャーを実行するか、ファイルからオプションを読みます',
    'shell.carrier.runs_start_up_file': '{name} {option} が起動ファイルを実行します',
    'shell.carrier.schedules_shell_commands': '{name} がシェルコマンドの実行を予約します',
    'shell.carrier.scp_runs_program': 'scp -S がプログラムを実行します',
    'shell.carrier.sed_e_command_runs': 'sed の e コマンドがシェルコマンドを実行します',
    'shell.carrier.sed_script_assembled_run': 'sed のスクリプトが実行時に組み立てられます (e/w を使う可能性があります)',
    'shell.carrier.sed_w_command_writes': 'sed の w コマンドがファイルに書き込みます',
    'shell.carrier.set_value_shell_may': '{name} に、シェルが実行しうる値が設定されています',
    'shell.carrier.sets_configuration_computed_run': '`{how}` が実行時に決まる設定をします',
    'shell.carrier.sets_git_configuration_environment': '{name} は環境変数から git の設定をします',
    'shell.carrier.sort_compress_program_runs': 'sort --compress-program がプログラムを実行します',
    'shell.carrier.split_filter_runs_shell': 'split --filter がシェルコマンドを実行します',
    'shell.carrier.ssh_o_proxycommand_localcommand': (
        'ssh -o ProxyCommand/LocalCommand がローカルのコマンドを実行します'
    ),
    'shell.carrier.tar_runs_command': 'tar {option} がコマンドを実行します',
    'shell.carrier.unknown_runner': '{name} は解析が知らないプログラムで、コマンド {shown!r} を受け取ります: それを実行するかもしれません',
    'shell.carrier.xargs_runs_command_arguments': 'xargs が入力から読んだ引数でコマンドを実行します',
    'shell.carrier.zip_tt_unzip_command': 'zip -TT/--unzip-command がコマンドを実行します',
    'shell.how.archive_absolute': '{command} (メンバーを絶対パスのとおりに展開します)',
    'shell.how.archive_into': '{command} (アーカイブをここに展開します)',
    'shell.how.copies_into': '{command} (ファイルをここにコピーします)',
    'shell.how.decompresses_into': '{command} (ここに展開します)',
    'shell.how.dotdot_members': '{command} (../ を含む名前のメンバーを展開します)',
    'shell.how.hard_link': 'ln (ハードリンク先)',
    'shell.how.members_into': '{command} (メンバーをここに展開します)',
    'shell.how.members_where_named': '{command} (メンバーを名前が示す場所に展開します)',
    'shell.how.package_into': '{command} (パッケージをここに展開します)',
    'shell.how.patch_unreadable': '{how} (読めない diff に書かれたファイル)',
    'shell.how.pip_env': '{interpreter} の環境への {sub}',
    'shell.label.argument_of': '{name} の引数',
    'shell.label.shell_escape': '{name} のシェルエスケープ',
    'shell.label.inline_code': '{name} のインラインコード',
    'shell.label.reading_stdin': '{name} (入力からコマンドを読み込みます)',
    'shell.label.subprocess': '{name} (サブプロセス)',
    'shell.label.crontab_job': 'crontab のジョブ',
    # <<< shell analysis (ja-shell)

    # ============================================================ (ja-rest)
    # 英語のまま日本語の読者に届いていた文 (ライブラリ・OS の詳細は種類ごとに
    # statefiles/detail.py で訳す。状態ファイルの問題、statusline、レポート)。
    # このブランチで追加したキーはここにまとめる。
    'detail.quoted': '「{detail}」',
    'detail.os.enoent': 'ファイルまたはディレクトリがありません',
    'detail.os.eacces': 'アクセス権がありません',
    'detail.os.eperm': '操作が許可されていません',
    'detail.os.eisdir': 'ディレクトリです',
    'detail.os.enotdir': 'ディレクトリではありません',
    'detail.os.eloop': 'シンボリックリンクの階層が深すぎます',
    'detail.os.enametoolong': 'ファイル名が長すぎます',
    'detail.os.enxio': 'デバイスまたはアドレスがありません',
    'detail.os.eio': '入出力エラーです',
    'detail.os.enospc': 'ディスクの空きがありません',
    'detail.os.erofs': '読み取り専用のファイルシステムです',
    'detail.os.eagain': 'リソースが一時的に使えません',
    'detail.os.fifo': '通常のファイルではなく FIFO です',
    'detail.os.socket': '通常のファイルではなくソケットです',
    'detail.os.device': '通常のファイルではなくデバイスです',
    'detail.os.not_regular': '通常のファイルではありません',
    'detail.yaml.mapping_values': 'ここにはマッピングの値を書けません (インデントと「: 」の位置を確認してください)',
    'detail.yaml.no_colon': "「:」があるべき所にありません",
    'detail.yaml.bad_character': 'トークンを始められない文字があります (タブ文字など)',
    'detail.yaml.undefined_alias': '定義されていないエイリアスがあります',
    'detail.yaml.unexpected_end': 'テキストが途中で終わっています',
    'detail.yaml.bad_escape': '不明なエスケープ文字があります',
    'detail.yaml.structure': 'インデントかブロックの構造が壊れています',
    'detail.yaml.flow_sequence': "「,」か「]」があるべき所にありません",
    'detail.yaml.flow_mapping': "「,」か「}}」があるべき所にありません",
    'detail.yaml.more_documents': 'ドキュメントは 1 つのはずですが、2 つ目があります',
    'detail.yaml.duplicate_anchor': '同じ名前のアンカーが 2 回定義されています',
    'detail.yaml.bad_date': '存在しない日付があります',
    'detail.yaml.special_characters': '使えない特殊文字があります',
    'detail.yaml.nested': '入れ子が深すぎます',
    'detail.yaml.alias_bomb': (
        'エイリアス (*name) を展開すると、テキストに書かれた量を超える値になります '
        '(再帰的または指数的なエイリアス)。値をそのまま書いてください'
    ),
    'detail.json.value': '文字位置 {position} に値がありません',
    'detail.json.property_name': '文字位置 {position} にダブルクォートで囲んだプロパティ名がありません',
    'detail.json.delimiter': '文字位置 {position} に区切り文字がありません',
    'detail.json.unterminated': '文字位置 {position} から始まる文字列が閉じていません',
    'detail.json.control_character': '文字位置 {position} に使えない制御文字があります',
    'detail.json.escape': '文字位置 {position} に不正なエスケープがあります',
    'detail.json.extra_data': '文字位置 {position} 以降に余分なデータがあります',
    'detail.schema.type': '{value} は {expected} 型ではありません',
    'detail.schema.enum': '{value} は {allowed} のいずれでもありません',
    'detail.schema.required': '必須のプロパティ {name} がありません',
    'detail.schema.additional': '許可されていないプロパティがあります ({names})',
    'detail.schema.pattern': '{value} がパターン {pattern} に一致しません',
    'detail.schema.too_short': '{value} は短すぎます (最低 {limit})',
    'detail.schema.too_long': '{value} は長すぎます (最大 {limit})',
    'detail.schema.too_small': '{value} は最小値 {limit} より小さい値です',
    'detail.schema.too_large': '{value} は最大値 {limit} より大きい値です',
    'detail.schema.unique': '{value} に重複した要素があります',
    'detail.schema.no_variant': '{value} はどの形式にも当てはまりません',
    'detail.schema.not': '{value} はここでは使えません',
    'state_md.duplicate_section': (
        "state.md: セクション '{section}' が 2 回以上あります (2 回目は {line} 行目)。最初のものが"
        "使われます — 重複を削除してください"
    ),
    'state_md.no_yaml_block': (
        "state.md: セクション '{section}' ({line} 行目) に ```yaml ブロックがありません — "
        "見出しの下に追加してください"
    ),
    'state_md.unclosed_block': (
        "state.md: セクション '{section}' ({line} 行目) の ```yaml ブロックが閉じていません — "
        "閉じる ``` の行を追加してください"
    ),
    'state_md.too_large_to_parse': (
        'state.md が {limit} バイトを超えているため読み込みません。git から復元してください '
        '(state.md は短いセクションがいくつかあるだけのファイルです)'
    ),
    'state_md.yaml_broken': (
        "state.md: セクション '{section}' の YAML が {line} 行目付近で壊れています ({problem}) — "
        "修正してください。修正するまでこのセクションは空として読まれます"
    ),
    'state_md.not_mapping': (
        "state.md: セクション '{section}' は YAML のマッピング (key: value の行) でなければ"
        "なりませんが、{type} です"
    ),
    'state_md.active_not_path': (
        'state.md: playbook.active はパス (play/<id>/plan.json) か null でなければなりませんが、'
        '{type} です。修正するまで null として読まれます'
    ),
    'state_md.bad_security': (
        "state.md: config.security が {value} です ({modes} のいずれでもありません)。'strict' "
        "が使われます (この値はユーザーが設定します)"
    ),
    'state_md.unreadable': (
        'state.md を読み込めません ({error}) — 通常の読み込み可能なファイルか確認してください'
    ),
    'state_md.too_large': (
        'state.md が {limit} バイトを超えているため読み込みません。git から復元してください'
    ),
    'playbook.file_missing': '{label} がありません',
    'playbook.file_is_dir': '{label} はファイルではなくディレクトリです',
    'playbook.file_unreadable': '{label} を読み込めません ({error})',
    'playbook.file_too_large': '{label} が {limit} バイトを超えているため読み込みません',
    'playbook.not_utf8': '{label} が正しい UTF-8 ではありません',
    'playbook.too_deep': '{label} の入れ子が深すぎます',
    'playbook.not_json': '{label} が正しい JSON ではありません ({detail})',
    # ---- faults: messages that name the real fix (playbook files)
    'playbook.bom': (
        '{label} の先頭にバイトオーダーマーク (BOM) があり、JSON では許されません: BOM なしの UTF-8 で保存し直してください '
        '(先頭の見えない 1 文字を削除します)。'
    ),
    'playbook.not_object': '{label} は JSON オブジェクトでなければなりませんが、{type} です',
    'playbook.unknown_version': (
        '{label} の format_version {version} はこのスイートが知らないバージョンです '
        '(対応: {known})。スイートを更新するか、ファイルを修正してください'
    ),
    'playbook.active_outside': (
        'state.md の playbook.active ({value}) がプロジェクトの外を指しています。'
        'play/<id>/plan.json か null にしてください'
    ),
    'playbook.active_not_working': (
        'state.md の playbook.active ({value}) は作業中の playbook play/<id>/plan.json '
        '(テンプレートやアーカイブのコピーではないもの) か null でなければなりません'
    ),
    'rules.at_line': '{line} 行目: ',
    'rules.and_more': ' (ほかに問題が {more} 件あります)',
    'rules.is_dir': '{file} はファイルではなくディレクトリです',
    'rules.unreadable': '{file} を読み込めません ({error})',
    'rules.too_large': '{file} が {limit} バイトを超えています',
    'rules.not_loaded': '{file} を読み込めませんでした ({error})',
    'rules.not_utf8': '{file} が UTF-8 ではありません ({byte} バイト目)',
    'rules.not_yaml': '正しい YAML ではありません: {problem}',
    'rules.duplicate_name': (
        'ルール名 {name} が 2 回使われています (最初は {line} 行目)。名前は重複できません'
    ),
    'rules.yaml_booleans': (
        ' (YAML は yes/no/on/off/true/false を真偽値として読みます。値を引用符で囲んでください)'
    ),
    'rules.allowed_keys': '。使えるキー: {keys}',
    'rules.not_an_action': '{value} はアクションではありません。block か ask を使ってください (ルールで許可はできません)',
    'completion.unreadable': 'playbook を読み込めません',
    'completion.empty': 'plan に phase か subtask がありません',
    'completion.subtask_open': 'subtask {subtask} が {status} です',
    'completion.phase_open': 'phase {phase} が {status} です',
    'completion.critic_status': 'critic.status が {status} です (PASS ではありません)',
    'completion.final_open': '最終タスク {task} が {status} です',
    'completion.no_evidence': 'subtask {subtask} が根拠なしに done になっています ({gap})',
    'completion.no_critic_run': (
        '{ident} に対する critic の PASS の記録がありません (.claude/logs/critic-ledger.jsonl)'
    ),
    'bookkeeping.no_state': 'state.md がありません',
    'bookkeeping.other_playbook': 'state.md の playbook.active が {active} です (別の playbook)',
    'bookkeeping.no_context': "plan.json に 'context' (理解確認) がありません",
    'bookkeeping.other_branch': 'チェックアウト中のブランチが {branch} ですが、playbook のブランチは {want} です',
    'reward.shape_not_object': (
        "{label}: '{key}' はオブジェクトでなければなりませんが、{type} です。"
        "play/template/progress.json を参照してください"
    ),
    'reward.shape_subtask': '{label}: subtasks.{subtask} はオブジェクトか status の文字列でなければなりません',
    'reward.shape_phase': '{label}: phases.{phase} はオブジェクトか status の文字列でなければなりません',
    'reward.shape_phases': "{label}: 'phases' はリストでなければなりません。play/template/plan.json を参照してください",
    'reward.shape_phase_id': "{label}: すべての phase は文字列の 'id' を持つオブジェクトでなければなりません",
    'reward.shape_subtasks': "{label}: phase {phase} の 'subtasks' はリストでなければなりません",
    'reward.shape_subtask_id': "{label}: phase {phase} のすべての subtask に文字列の 'id' が必要です",
    'statusline.phase': 'phase {phase}',
    'statusline.subtasks': 'subtask {done}/{total} 完了',
    'statusline.no_playbook': 'playbook なし',
    'statusline.post_loop': 'post-loop',
    'statusline.consent': '承認',
    'statusline.pending': '待ち: {items}',
    'statusline.problem': '状態ファイルに問題あり',
    # ------------------------------------------------------------ the playgate command line (playgate/cli.py, playgate/commands/)
    'cli.description': 'playgate: playgate フックスイートのインストール、チェック、説明、診断、リプレイを行います。',
    'cli.epilog': (
        '終了コード: 0 完了 (正常、妥当、許可、変化なし)。'
        '1 問題、不正なファイル、ブロックされる呼び出し、または判定の変化。2 使い方の誤り。'
        '3 読めないファイルまたはプロジェクト。4 内部エラー。\n'
        'コマンドのオプションは `playgate COMMAND --help` で表示されます。'
    ),
    'cli.opt.project': 'プロジェクト (既定: $CLAUDE_PROJECT_DIR、なければ現在のディレクトリの git 作業ツリー)',
    'cli.opt.json': 'レポートの代わりに JSON ドキュメントを 1 つ出力します (スクリプト向け)',
    'cli.unknown_command': '不明なコマンド {command!r} です。コマンドは次のとおりです: {commands}',
    'cli.project_missing': '{path} にプロジェクトがありません。存在するディレクトリを -C DIR で指定してください',
    'cli.internal': '内部エラーです ({error})。下のトレースバックを添えて報告してください',
    'check.help': 'ペイロードに対してフックが返す答えを、ガードの判定経過とともに表示します',
    'check.description': (
        'フックイベントのチェーンをペイロード (標準入力または FILE) に対して実行し、'
        'フックが返す答え (終了コード、stdout、stderr) とすべてのガードの判定を表示します。'
        '--apply を付けない限り何も書き込みません (ガードが求める状態の変更は一覧で示します)。\n'
        '\n'
        'exit 0: 呼び出しは通ります。1: ブロックされます (exit 2 または '
        'decision block)。3: ペイロードのファイルを読めません。'
    ),
    'explain.help': 'コマンドに対するシェル解析、Bash ガードのチェーン、権限ゲートを説明します',
    'explain.description': (
        'playgate が Bash コマンドをどう読むかを説明します: '
        'シェル解析 (実行されるすべてのコマンド、書き込み、破壊的な検出、コードを運ぶもの)、'
        'プロジェクトの現在の状態での PreToolUse の Bash チェーン、'
        'そして権限ゲートの各フェーズ。何も実行せず、何も書き込みません。\n'
        '\n'
        'exit 0: PreToolUse は通します。1: ブロックします。'
    ),
    'doctor.help': 'インストールの状態を点検します',
    'doctor.description': (
        'プロジェクトのインストールを点検します: フックのインタプリタと依存パッケージ、'
        '登録されたフックコマンドが解決できるか、Claude Code のスキーマに対する '
        'settings の妥当性、スイートのファイルの完全性、状態ファイルの読み取り、'
        '保護リストと権限設定の妥当性、バージョン。\n'
        '\n'
        'exit 0: 正常 (警告は可)。1: 問題が見つかりました。'
    ),
    'status.help': '有効な playbook、フェーズ、サブタスクの進捗、作業を止めているマーカーを表示します',
    'status.description': (
        'ワークフローの状態を表示します: 有効な playbook とそのフェーズ、サブタスクの進捗バー、'
        '有効なサブタスクとその検証、critic、ブランチ、セキュリティモード、'
        '作業を止めているセッションのマーカー。\n'
        '\n'
        'exit 0 (プロジェクトがなければ 3)。'
    ),
    'validate.help': 'state.md、plan.json、progress.json、カスタムルールを行番号付きで検証します',
    'validate.description': (
        'state.md、playbook の plan.json と progress.json、'
        'カスタムルール (.claude/playgate-rules.yaml があれば) '
        'をそれぞれのスキーマで検証します。エラーにはファイル、行、桁を示します。\n'
        '\n'
        'exit 0: すべてのファイルが妥当です。1: エラーがあります。'
        '3: 指定したファイルがありません。'
    ),
    'replay.help': 'セッションのトランスクリプトにあるツール呼び出しをフックに通し直します',
    'replay.description': (
        'Claude Code のセッションのトランスクリプト (~/.claude/projects/ '
        'の下の .jsonl) に記録されたツール呼び出しを、プロジェクトの作業用コピーでフックに通し直し、'
        'ブロックや自動承認になるものをセッションでの結果と並べて報告します。'
        'Bash コマンドは決して実行しません。セッションで行ったファイル編集は作業用コピーに適用し直します'
        '。\n'
        '\n'
        'exit 0: すべての判定がセッションと同じです。1: 判定の変わる呼び出しがあります。'
        '3: トランスクリプトを読めません。'
    ),
    'init.help': 'プロジェクトに state.md と playbook のテンプレートを作成します (プラグインでのインストール用)',
    'init.description': (
        'スイートを Claude Code のプラグインとして使うときに、'
        'ワークフローが必要とするプロジェクトのファイルを作成します (install.py や '
        '`playgate install` によるインストールでは自動で作成されます): '
        'state.md、play/template/、編集できる '
        '.claude/protected-files.txt。既存のファイルは変更しません。\n'
        '\n'
        'exit 0: 完了、またはすることがありません。'
    ),
    'logs.help': 'ゲートの判定 (ブロック、確認、警告、承認、ダイアログ) を一覧表示します',
    'logs.description': (
        '各フックが .claude/logs/decisions.jsonl '
        '(とローテーションされたファイル) に記録した判定を古い順に一覧表示します: 時刻、判定、イベント、'
        'ツール、ガード、セッション、入力 (秘密情報はマスク済み)、理由。絞り込みは組み合わせられます。'
        '--summary は一覧の代わりに件数を表示します (判定の種類別、ガードごとのブロック、'
        '多い理由)。\n'
        '\n'
        'exit 0。2: オプションの誤り。3: プロジェクトがありません。'
    ),
    'report.help': 'セッションのタイムライン、playbook の進捗、承認を表示します (テキストまたは --html)',
    'report.description': (
        '1 つのセッションを報告します: ツール呼び出しのタイムライン (Claude Code '
        'のトランスクリプトから) とそれぞれの判定と理由 (判定ログから)、'
        'playbook の進捗と critic の判定、権限ゲートが確認なしに承認したもの。'
        'テキスト形式は端末向けです。--html FILE はネットワークから何も読み込まない単独の '
        'HTML ページを書き出します。\n'
        '\n'
        'exit 0。3: ログにセッションがない、または FILE やトランスクリプトを使えません。'
    ),
    'logs.opt.since': (
        'WHEN 以降の項目のみ: 現在からさかのぼる期間 (90s, 30m, 2h, 1d, 1w) '
        'または ISO 形式の時刻 (2026-01-02T15:00。タイムゾーンがなければ現地時刻)'
    ),
    'logs.opt.session': 'このセッションのみ (ID、またはその先頭部分)',
    'logs.opt.guard': 'このガードのみ (bash-check、permission-gate など)',
    'logs.opt.decision': 'この判定のみ',
    'logs.opt.event': 'このフックイベントのみ (PreToolUse、PermissionRequest、Stop など)',
    'logs.opt.limit': '新しい方から N 件のみ (0: すべて)',
    'logs.opt.summary': '項目の代わりに件数: 判定別、ガードごとのブロック、多い理由',
    'logs.bad_since': (
        '--since {value!r}: 期間 (90s, 30m, 2h, 1d, 1w) または '
        'ISO 形式の時刻 (2026-01-02 や 2026-01-02T15:00:00Z) '
        'を指定してください'
    ),
    'logs.bad_limit': '--limit {value}: 0 (すべて) または正の数を指定してください',
    'logs.none': '条件に合う判定はありません ({log})',
    'logs.count': '{log} の判定 {count} 件',
    'logs.summary.total': '{sessions} セッションで判定 {total} 件:',
    'logs.summary.blocks': 'ガードごとのブロック:',
    'logs.summary.no_blocks': 'ブロックなし',
    'logs.summary.reasons': '多い理由:',
    'report.opt.session': 'セッション (ID またはその先頭部分。既定: ログにある最新のもの)',
    'report.opt.html': 'レポートを単独の HTML ページとして FILE に書き出します',
    'report.opt.transcript': 'セッションのトランスクリプト (既定: セッション ID で ~/.claude/projects/ の下から探します)',
    'report.no_session': (
        '報告するセッションがありません: 判定ログ {log} が空です。'
        '--session ID または --transcript FILE を指定してください'
    ),
    'report.unknown_session': (
        '判定ログ {log} にセッション {session} はなく ({count} セッションを記録、'
        '最新は {newest})、そのトランスクリプトもありません。'
        '記録されている ID を指定してください (playgate logs で一覧できます)'
    ),
    'report.bad_transcript': 'トランスクリプト {path} を読めません: {error}',
    'report.html_unwritable': '{path} に書き込めません: {error}',
    'report.html_written': '{path} に書き出しました',
    'report.header': '{project} のセッション {session}',
    'report.transcript': 'トランスクリプト {path}',
    'report.no_transcript': '見つかりません (タイムラインには記録された判定のみを表示します)',
    'report.counts': 'ツール呼び出し {calls} 件、判定 {decisions} 件: {counts}',
    'report.blocks': 'ガードごとのブロック: {guards}',
    'report.no_playbook': 'playbook: 有効なものはありません',
    'report.playbook': 'playbook {plan}: サブタスク {done}/{total} 完了、critic {critic}',
    'report.critic': 'このセッションでの critic の判定:',
    'report.approved': '確認なしに承認したもの ({count} 件):',
    'report.timeline': 'タイムライン:',
    'status.project': 'プロジェクト  {project} ({install})',
    'status.branch': 'ブランチ      {branch}   セキュリティモード {security}',
    'status.no_playbook': "playbook      有効なものはありません: 次の作業依頼は Skill(skill='playbook-init') から始まります",
    'status.playbook': 'playbook      {plan} (ID {id}、ブランチ {branch}、{review})',
    'status.reviewed': '{by} がレビュー済み',
    'status.not_reviewed': 'まだレビューされていません: reviewer が PASS を出すまで編集はブロックされます',
    'status.progress': '進捗          {bar} サブタスク {done}/{total} 完了',
    'status.active': '作業中        サブタスク {id} ({status}、実行者 {executor}): {criterion}',
    'status.critic': 'critic        {status} (根拠 {evidence} 件)',
    'status.markers': 'マーカー      (作業を止めているセッションの状態)',
    'status.no_markers': 'マーカー      なし',
    # ---- walls: the outer wall (Claude Code's Bash sandbox) in status and doctor
    'status.wall_up': (
        '外壁          有効: Bash は Claude Code のサンドボックス内で動きます (読み取り専用 '
        '{entries} か所)、Edit/Write の拒否ルール {rules}'
    ),
    'status.wall_down': (
        '外壁          無効 ({state}): {why}。Edit/Write の拒否ルール {rules} (詳しくは '
        'playgate doctor)'
    ),
    'status.wall_why_off': 'Bash のサンドボックスが有効になっていません',
    'status.wall_why_missing': 'このマシンに {missing} がないため、playgate が Bash をブロックします',
    'status.wall_why_unsupported': 'Claude Code は {platform} ではサンドボックスを使えません',
    'status.wall_why_unknown': '読めない設定ファイルがあります',
    'status.wall_why_opened': '{weaknesses} がサンドボックスに穴を開けています',
    'doctor.wall_up': (
        '外壁は有効です: このマシンでは Claude Code が Bash をサンドボックス内で実行し、'
        '{entries} か所はどのコマンドからも読み取り専用です。サンドボックスなしでは Claude '
        'Code はこのマシンで起動しません'
    ),
    'doctor.wall_up_optional': (
        '外壁は有効です: このマシンでは Claude Code が Bash をサンドボックス内で実行し、'
        '{entries} か所はどのコマンドからも読み取り専用です (サンドボックスが使えなくなると '
        'Claude Code は警告を出し、playgate が Bash をブロックします)'
    ),
    'doctor.wall_off': (
        '外壁は無効です: Claude Code の Bash サンドボックスが有効になっていないため、'
        'ゲートのファイルを Bash から守っているのはシェル解析だけです。有効にするには: '
        '{command} --sandbox required'
    ),
    'doctor.wall_missing': (
        '設定は Claude Code の Bash サンドボックスを有効にしていますが、このマシンには '
        '{missing} がありません: Claude Code はサンドボックスなしで Bash を実行してしまうため、'
        'playgate が Bash をブロックします。インストールするには: {command}'
    ),
    'doctor.wall_unsupported': (
        '設定は Claude Code の Bash サンドボックスを有効にしていますが、Claude Code は '
        '{platform} ではサンドボックスを使えません: ここでは playgate が Bash をブロックします'
    ),
    'doctor.wall_unknown': (
        'サンドボックスを指定している設定ファイルが読めません ({layers}): 直るまで playgate '
        'が Bash をブロックします'
    ),
    'doctor.wall_weak_excludedCommands': (
        'sandbox.excludedCommands が設定されています: そのコマンドと、同じ行でその後に続くものは'
        'サンドボックスの外で動きます (実測)。削除してください'
    ),
    'doctor.wall_weak_allowUnsandboxedCommands': (
        'sandbox.allowUnsandboxedCommands が false ではありません: コマンドがサンドボックスの'
        '外での実行を求められます (dangerouslyDisableSandbox)。false にしてください'
    ),
    'doctor.wall_weak_autoAllowBashIfSandboxed': (
        'sandbox.autoAllowBashIfSandboxed が false ではありません: Claude Code がサンドボックス'
        '内のコマンドを自分で承認し、許可ゲートに問い合わせません (実測)。false にしてください'
    ),
    'doctor.wall_incomplete': (
        'sandbox.filesystem.denyWrite に playgate のエントリが {count} 件欠けています '
        '({entries}): そこは Bash から書き込めるままです。もう一度インストールしてください: '
        '{command}'
    ),
    'doctor.deny_rules_ok': (
        'Edit/Write の拒否ルール {count} 件が、Claude Code の編集ツールをスイート自身の'
        'ファイルから遠ざけています'
    ),
    'doctor.deny_rules_missing': (
        'スイート自身のファイルを守る Edit/Write の拒否ルールが {count} 件欠けています '
        '({rules}...): もう一度インストールしてください: {command}'
    ),
    'status.no_state': '{path} がありません: {fix} で作成されます',
    'status.state_problem': '{problem}',
    'status.playbook_problem': '{problem}',
    'status.protected_problem': 'protected-files.txt: {problem}',
    'status.marker.pending': (
        'init-guard: 何よりも先に state.md (と有効な plan.json) を '
        'Read ツールで読んでください。読めば解除されます'
    ),
    'status.marker.consent': 'consent-guard: ユーザーが次のプロンプトで理解の確認に同意するまで編集は待機します',
    'status.marker.post_loop': (
        'pending-guard: 完了した playbook が post-loop スキル '
        '(python3 .claude/skills/post-loop/handler.py) '
        'を待っています'
    ),
    'status.marker.last_fail': 'critic の直近の失敗 (次の実行者に渡されます)',
    'status.marker.iterations': '有効なサブタスクでのこれまでの critic の反復回数',
    'status.marker.archive': 'アーカイブが中断されました。次の PostToolUse か post-loop ハンドラーが再開します',
    'status.marker.analyzed': 'この会話で prompt-analyzer が実行されました (ゲートは開いています)',
    'check.opt.event': 'フックイベント (PreToolUse、pre_tool_use、Stop など)',
    'check.opt.payload': 'ペイロードの JSON ファイル (既定: 標準入力)',
    'check.opt.apply': 'ガードが求める状態の変更を、フックと同じように適用します',
    'check.opt.complete': '手書きのペイロードに欠けている hook_event_name、session_id、cwd などを補います',
    'check.unknown_event': '不明なイベント {event!r} です。イベントは次のとおりです: {events}',
    'check.unreadable': '{path} を読めません: {error}',
    'check.no_stdin': 'ペイロードがありません: FILE を指定するか、JSON を標準入力に渡してください',
    'check.not_json': 'ペイロードが JSON オブジェクトではありません ({error})',
    'check.header': '{project} の {event}',
    'check.no_trace': '  (ガードは実行されていません: チェーンの前に入力が拒否されました。下の答えを参照してください)',
    'check.effect': '                               効果: {label} ({when})',
    'check.decision': '答え: {decision} (フックの終了コード {code})',
    'check.stdout': '  stdout:',
    'check.stderr': '  stderr:',
    'check.applied': '上の効果を適用しました (--apply)',
    'check.not_applied': '上の効果は適用していません (何も変更していません。--apply で適用します)',
    'explain.opt.command': 'Bash コマンド (引用符で囲んでください。複数の語は空白でつなげます)',
    'explain.opt.cwd': 'コマンドを実行するディレクトリ (既定: 現在のディレクトリ)',
    'explain.no_cwd': '--cwd {cwd}: そのディレクトリはありません',
    'explain.header': 'playgate explain: `{command}`',
    'explain.where': 'プロジェクト {project}、作業ディレクトリ {cwd}',
    'explain.analysis': '1. シェル解析 ({parser} パーサー)',
    'explain.reads': '読み取り',
    'explain.acts': '実行',
    'explain.no_commands': 'コマンドなし',
    'explain.read_only': '読み取り専用: はい (何も書き込まず、既知の読み取りコマンド以外は何も実行しません)',
    'explain.mutating': '読み取り専用: いいえ',
    'explain.http': 'GET/HEAD 以外の HTTP メソッド: {methods}',
    'explain.unknown': '不明 (安全とは扱いません): {reasons}',
    'explain.pre': '2. PreToolUse (Bash のチェーン、プロジェクトの現在の状態で)',
    'explain.pre_passes': '=> PreToolUse は通します ({decision})',
    'explain.pre_blocked': '=> PreToolUse はブロックします ({decision})',
    'explain.pre_asks': '=> PreToolUse はユーザーに判断を求めます ({decision})',
    'explain.family': 'コマンド系統 {family}: {level} ({source})',
    'explain.bash_check_alone': 'bash-check 単独の答え (チェーンはその前で止まりました。上のガードが通した後の bash-check の答えです):',
    'explain.rules': 'カスタムルール ({file})',
    'explain.rules_none': '一致するルールはありません',
    'explain.permission': '3. 権限ゲート (PermissionRequest)',
    'explain.effective': '4. 結果 (settings の静的ルール、PreToolUse、ゲートを Claude Code の順序で)',
    'explain.approve': '=> フェーズ {phase} で自動承認: {reason}',
    'explain.dialog': '=> ユーザーに確認します (フェーズ {phase}): {reason}',
    'doctor.opt.no_run': '登録された PreToolUse フックを実行しません (hook-run の点検)',
    'doctor.header': 'playgate doctor: {project}',
    'doctor.healthy': '正常です (警告 {warnings} 件)',
    'doctor.unhealthy': '問題 {errors} 件、警告 {warnings} 件が見つかりました。ERROR の行を直してください',
    'doctor.check_failed': '{check} の点検を実行できませんでした ({error})',
    'doctor.manifest_broken': '{path} を読めません ({error})。{repair} で書き直されます',
    'doctor.installed': (
        'install.py または `playgate install` でインストール済み '
        '(マニフェスト {manifest}、スイート {suite})'
    ),
    'doctor.pin_drift': (
        'このクローンで動いているのは playgate {installed} (スイート '
        '{installed_sha}) ですが、リポジトリが固定しているのは {pinned} '
        '(スイート {pinned_sha}) です (セットアップ後に pull されました)。'
        '{repair} で固定されたものをインストールします'
    ),
    'doctor.pin_missing': (
        '固定情報 ({pin}) がありません: このリポジトリのクローンは自分で playgate '
        'をセットアップできません。{install} で作成されます (コミットしてください)'
    ),
    'doctor.pin_ok': '固定: playgate {version} (スイート {sha})、入手元 {source}',
    'doctor.plugin': 'Claude Code プラグイン {ids} としてインストール済み ({root})',
    'doctor.twice': (
        '二重にインストールされています (install.py とプラグイン): '
        'すべてのフックが 2 回実行されます。どちらかをアンインストールしてください '
        '({uninstall}、または /plugin uninstall playgate)'
    ),
    'doctor.not_installed': (
        '{root} に playgate はインストールされていません: '
        '{install} を実行するか、プラグインをインストールしてください (/plugin '
        'install playgate)'
    ),
    'doctor.no_settings': 'プロジェクトにも ~/.claude にも settings ファイルがありません',
    'doctor.settings_unreadable': (
        '{path} {error}: Claude Code はこれを無視するため、'
        '登録されたフックは実行されません。修正してください'
    ),
    'doctor.settings_valid': '{path} は妥当です (Claude Code の settings スキーマ)',
    'doctor.settings_schema': (
        '{path}: {at}: {error} (Claude Code の settings '
        'スキーマ。スキーマは CLI より遅れることがあります)'
    ),
    'doctor.hook_missing': '{event} フックが {path} に登録されていません: {repair} で元に戻ります',
    'doctor.hook_wrong_event': (
        '{path} は {script}.py を {expected} ではなく {event} '
        'に登録しています。{repair} で元に戻ります'
    ),
    'doctor.hook_unparsable': '{path}: {event} フックのコマンドを読めません。{repair} で書き直されます',
    'doctor.hook_no_python': (
        'フックのインタプリタ {python} が存在しないか実行できません ({events}): '
        'ゲートのかかる呼び出しはすべてブロックされます。{repair} で修復されます'
    ),
    'doctor.hook_no_script': '{event} フックのスクリプト {script} がありません。{repair} でインストールされます',
    'doctor.hooks_ok': 'フックの登録 {count} 件: インタプリタとスクリプトはそろっています',
    'doctor.interpreter_bad': 'フックのインタプリタ {python}: {problems}。修正: {fix}',
    'doctor.interpreter_ok': 'フックのインタプリタ {python} (Python {version}、{deps})',
    'doctor.hook_run_skipped': '実行していません (--no-run)',
    'doctor.hook_run_timeout': (
        'PreToolUse フックが {seconds} 秒以内に答えませんでした '
        '(フックがタイムアウトすると Claude Code は呼び出しを通します)'
    ),
    'doctor.hook_run_ok': '登録された PreToolUse フックは実行され、答えを返します (Glob の呼び出し)',
    'doctor.hook_run_failed': '登録された PreToolUse フックが無害な Glob の呼び出しで失敗しました (exit {exit}): {stderr}',
    'doctor.files_missing': 'インストールしたファイル {count} 件がありません ({files})。{repair} で元に戻ります',
    'doctor.files_changed': (
        'インストールしたファイル {count} 件がインストール時と違います ({files})。'
        '{repair} で元に戻ります (変更されたものはバックアップされます)'
    ),
    'doctor.files_ok': 'インストールしたファイル {count} 件はマニフェストと一致します',
    'doctor.state_missing': 'state.md がありません: {fix} で作成されます',
    'doctor.state_invalid': (
        '{path}: エラー {count} 件、最初は {line} 行目: '
        '{message} (playgate validate を参照)'
    ),
    'doctor.state_ok': '状態ファイル {count} 件は妥当です',
    'doctor.protected_missing': (
        '.claude/protected-files.txt がありません: '
        '保護されるのはスイート自身のファイルだけです ({fix} で元に戻ります)'
    ),
    'doctor.protected_unreadable': '.claude/protected-files.txt を読めません ({error})',
    'doctor.protected_problem': 'protected-files.txt: {problem}',
    'doctor.protected_everything': (
        'protected-files.txt の {line} 行目: '
        '{pattern!r} はすべてのファイルの編集をブロックします'
    ),
    'doctor.protected_ineffective': (
        'protected-files.txt の {line} 行目: '
        '{pattern!r} は {path} を含みますが、'
        'そのファイルは書き込み可能なままです (ワークフローに必要なため)'
    ),
    'doctor.protected_dropped': 'protected-files.txt にはスイートの既定の項目のうち {count} 件がありません: {patterns}',
    'doctor.protected_ok': 'protected-files.txt: {count} 項目と、スイート自身のファイル',
    'doctor.permission_error': '{error} (直すまで何も自動承認されません)',
    'doctor.permission_notice': '{notice}',
    'doctor.permission_ok': '権限設定を読み込めます ({layers})',
    'doctor.rules_absent': 'カスタムルールはありません ({file} は存在しません)',
    'doctor.rules_ok': '{file} を読み込めます (ルール {count} 件)',
    'doctor.rules_error': '{file}: {problem} (直すまでフックはすべての Bash コマンドを拒否します)',
    'doctor.trust_ok': 'ワークスペースは信頼済みです ({where}): ヘッドレスの claude -p も allow ルールを適用します',
    'doctor.trust_missing': (
        '{root} のワークスペース信頼ダイアログが一度も承認されていません ({path} に '
        'hasTrustDialogAccepted がありません): '
        'ヘッドレスの `claude -p` はこのプロジェクトの allow ルール (Edit、'
        'Write、スイートのスキルと post-loop ハンドラー) を無視するため、'
        'それらの呼び出しは拒否されます。{root} で一度 `claude` を対話的に起動し、'
        'ダイアログを承認してください'
    ),
    'doctor.trust_unreadable': '{path} を読めません ({error})。ワークスペースの信頼状態は不明です',
    'doctor.logs_ok': 'ガードのエラーは記録されていません',
    'doctor.logs_errors': (
        '{path} にガードのエラーが {count} 件記録されています。'
        '最後のもの: {last} (セキュリティガードが失敗すると呼び出しはブロックされます)'
    ),
    'doctor.no_tables': (
        'bashlex のパーサーテーブルが作られていません: '
        'bashlex が必要な Bash コマンドは約 100 ms 遅くなります。'
        '作成: cd {suite} && {python} -m shell.bashparse'
    ),
    'doctor.no_bytecode': 'インストールしたモジュールにフックのインタプリタ用のバイトコードがありません (フックを呼ぶたびにコンパイルされます): {repair}',
    'doctor.no_bundle': (
        'モジュールバンドルが作られていません: フックを呼ぶたびにスイートをモジュールごとにインポートします'
        ' (遅くなります)。作成: cd {suite} && {python} -m '
        'playgate.bundle (またはインストールをやり直してください)'
    ),
    'doctor.stale_bundle': (
        'モジュールバンドルがスイートのソースまたはフックのインタプリタと合いません '
        '(そのモジュールは遅い方法でインポートされます)。作り直し: '
        'cd {suite} && {python} -m playgate.bundle '
        '(またはインストールをやり直してください)'
    ),
    'doctor.speed_ok': 'バイトコード、パーサーテーブル、モジュールバンドルはそろっています',
    'doctor.version_mismatch': (
        'この playgate ({cli}、{suite}) はインストールされたものではありません '
        '({installed})。インストールされたものを実行してください: '
        '{installed_cli}'
    ),
    'doctor.versions': 'playgate {suite}、フックの Python {python}、Claude Code {claude}',
    'replay.opt.transcript': (
        'セッションのトランスクリプト (~/.claude/projects/<dir>/<session>'
        '.jsonl)。サブエージェントのトランスクリプトはその隣から読みます'
    ),
    'replay.opt.keep': 'プロジェクトの作業用コピーを残します (パスを表示します)',
    'replay.opt.no_subagents': 'メインエージェントの呼び出しだけをリプレイします',
    'replay.unreadable': 'トランスクリプト {path} を読めません: {error}',
    'replay.no_project': 'セッションは {cwd} で実行されましたが、ここには存在しません。-C DIR でプロジェクトを指定してください',
    'replay.start_no_time': (
        'トランスクリプトに開始時刻がありません: プロジェクトの現在の状態に対してリプレイしました'
    ),
    'replay.start_no_reflog': (
        'git の reflog がセッション開始時点まで遡れません: プロジェクトの現在の状態に対して'
        'リプレイしました'
    ),
    'replay.start_commit': 'セッション開始時点 (コミット {commit}) からリプレイしました{removed}',
    'replay.start_branch': (
        'セッション開始時点 ({branch} のコミット {commit}) からリプレイしました{removed}'
    ),
    'replay.start_removed': '。その後に書かれたファイル {count} 個を削除しました',
    'replay.outside': '適用し直していません: {path} はプロジェクトの外です',
    'replay.edit_mismatch': '適用し直していません: 置き換える文字列が {path} にありません (ここから先、コピーはセッションと異なります)',
    'replay.edit_failed': '適用し直していません: {path}: {error}',
    'replay.header': 'playgate replay: {transcript} (セッション {session}、Claude Code {version})',
    'replay.project': 'プロジェクト {project} を作業用コピー ({scratch}) でリプレイ',
    'replay.deleted': '削除しました (--keep で残せます)',
    'replay.skipped': 'トランスクリプトの {count} 行を読めず、飛ばしました',
    'replay.prompt': 'プロンプト {prompt!r}: {decision}',
    'replay.col.session': 'セッションでは',
    'replay.col.replayed': '今回のリプレイでは',
    'replay.blocked': 'ブロック ({guard})',
    'replay.approved': '許可 (自動承認)',
    'replay.dialog': '許可 (権限ダイアログ)',
    'replay.allowed': '許可 ({decision})',
    'replay.summary': (
        '呼び出し {calls} 件: ブロック {blocked} 件、'
        '自動承認 {approved} 件、ダイアログ {dialogs} 件。'
        'セッションとの違い {differences} 件'
    ),
    'replay.bash_note': 'Bash コマンドは実行していません。セッションでそれらが変更した内容はコピーに再現されていません。',
    'init.opt.dry_run': '作成するものを一覧するだけで、何も作成しません',
    'init.no_templates': (
        '{suite} のスイートにはテンプレートがありません '
        '(インストールされたコピーにはありません): 代わりに {install} '
        'でインストールしてください'
    ),
    'init.create': '作成     {path}',
    'init.create_dry': '作成予定 {path}',
    'init.append': '追記     {path} にフックの実行時の状態',
    'init.append_dry': '追記予定 {path} にフックの実行時の状態',
    'init.exists': '維持     {path} (既存)',
    'init.nothing': 'することはありません: プロジェクトにはすべてのファイルがそろっています',
    'init.done': (
        '完了しました。state.md、play/template/、'
        '.claude/protected-files.txt をコミットしてください。'
        'state.md の config セクションは人間だけが変更してください。'
    ),
    'validate.opt.files': '検証するファイル (既定: state.md と play/ のすべての playbook)',
    'validate.opt.kind': 'すべての FILE の種類 (既定: 名前から判断)',
    'validate.opt.archive': 'play/archive/ にアーカイブされた playbook も検証します',
    'schema.help': 'スイートに含まれる JSON Schema (カスタムルール、権限設定) を表示します',
    'schema.description': (
        '自分で書くファイルの JSON Schema を表示します: '
        '.claude/playgate-rules.yaml (カスタムルール) には `rules`、'
        'permission-config.yaml のレイヤーには '
        '`permission-config`。--path '
        'を付けると内容の代わりに同梱ファイルのパスを表示します。'
        'エディター向けに、YAML ファイルの先頭に `# yaml-language-server: '
        '$schema=<path>` と書いてください。\n'
        '\n'
        'exit 0。'
    ),
    'schema.opt.name': 'どのスキーマか: rules または permission-config',
    'schema.opt.path': '内容の代わりにスキーマファイルのパスを表示します',
    'validate.unknown_kind': (
        '{file} が何のファイルか判断できません: state.md、plan.json、'
        'progress.json、*rules.yaml のいずれかの名前にするか、'
        '--kind を指定してください'
    ),
    'validate.file_ok': '{path}: ok ({kind})',
    'validate.not_accepted': '{value} はここでは受け付けられません',
    'validate.not_accepted_expected': '{value} はここでは受け付けられません。{accepted} を指定してください',
    'validate.not_accepted_because': '{value} はここでは受け付けられません: {description}',
    'validate.accept.or': '{first} または {second}',
    'validate.accept.object': 'オブジェクト ({name})',
    'validate.accept.one_of': '{values} のいずれか',
    'validate.accept.string': '文字列',
    'validate.accept.integer': '整数',
    'validate.accept.number': '数値',
    'validate.accept.boolean': '真偽値',
    'validate.accept.object_type': 'オブジェクト',
    'validate.accept.array': '配列',
    'validate.accept.null': 'null',
    'validate.file_missing': '{path} がありません',
    'validate.file_is_dir': '{path} はディレクトリで、ファイルではありません',
    'validate.file_not_regular': '{path} は{what}',
    'validate.file_unreadable': '{path} を読めません ({error})',
    'validate.file_too_large': '{path} は {limit} バイトを超えています',
    'validate.file_not_utf8': '{path} は有効な UTF-8 ではありません (バイト {byte})',
    'validate.not_json': 'JSON として正しくありません: {detail}',
    'validate.not_yaml': 'YAML として正しくありません: {detail}',
    'validate.too_deep': '入れ子が深すぎます',
    'validate.duplicate_id': 'id {id} が2回使われています (最初は {line} 行目)。id は一意にしてください',
    'validate.unknown_dependency': 'depends_on が、計画にないフェーズ {phase} を指しています',
    'validate.unknown_phase': 'フェーズ {id} は {plan} にありません',
    'validate.unknown_subtask': 'subtask {id} は {plan} にありません',
    'validate.active_unknown_phase': 'active.phase {id} は {plan} のフェーズではありません',
    'validate.active_unknown_subtask': 'active.subtask {id} は {plan} の subtask ではありません',
    'validate.section_missing': (
        "セクション '{section}' がありません (空として読まれます)。```yaml ブロック付きの "
        '`## {section}` を追加してください'
    ),
    'validate.config_key_close': '不明な config キー {key} です。{close} のことですか?',
    'validate.config_key_unknown': '不明な config キー {key} です (どのガードも読みません)',
    'validate.language': (
        'config.language {value} は {allowed} のいずれでもありません。メッセージは {fallback} '
        'になります'
    ),
    'validate.active_missing': (
        'playbook.active が存在しない {path} を指しています。既存の play/<id>/plan.json か '
        'null にしてください'
    ),
    'validate.rule_on_wrapper': (
        '{command} は、解析がその下で実行されるコマンドを判定するラッパーです。そのため'
        'サブコマンド、フラグ、引数を指定したこのルールは決して一致しません。コマンドそのものを'
        '指定するか、`command:` だけを残して、その下で実行されるものすべてに一致させてください'
    ),
    'validate.summary': 'ファイル {files} 件、エラー {errors} 件、警告 {warnings} 件',
    'install.help': 'フックスイートを git リポジトリの .claude/ にインストールします (install.py と同じ)',
    'uninstall.help': '`playgate install` がリポジトリに加えたものを取り除きます',
    'statusline.help': (
        'Claude Code の statusLine が標準入力に渡す JSON から、'
        'ステータス行 (playbook、フェーズ、サブタスク、セキュリティモード、'
        '保留中のもの) を 1 行表示します'
    ),
    'demo.help': '使い捨てのリポジトリで、スクリプト化したセッションをフックに通して再生します',
    'plugin.help': 'プラグインの hooks/hooks.json を生成または点検します',
    'plugin.description': (
        'Claude Code プラグインの hooks/hooks.json を '
        'settings.template.json (フック登録の唯一の元) から生成し、'
        'コミットされたファイルと比較します。'
    ),
    'plugin.opt.what': '生成するもの (hooks: hooks/hooks.json)',
    'plugin.opt.write': '比較する代わりに、生成したファイルを書き込みます',
    'plugin.opt.source': 'playgate のチェックアウト (既定: このコマンドを実行しているもの)',
    'plugin.written': '{path} に書き出しました',
    'plugin.up_to_date': '{path} は settings.template.json と一致しています',
    'plugin.differs': '{difference}。作り直すには: {command}',
    'explain.depth': '深さ {depth}',
    'explain.destructive': '破壊的: {kind}: {message}',
    'explain.carrier': 'コードを運ぶ: {kind}: {message}',
    'explain.write': '書き込み: {how} {kind} `{path}`',
    'explain.write_recursive': '書き込み: {how} {kind} `{path}` (再帰的)',
    'explain.may_write': '書き込みの可能性: {how} {kind} `{path}`',
    'explain.may_write_recursive': '書き込みの可能性: {how} {kind} `{path}` (再帰的)',
    'explain.script': 'スクリプト: {path} ({command})',
    'explain.rule_match': '{action:<6} {rule} ({line} 行目): {command}: {reason}',
    'explain.layer': 'レイヤー {layer}: {status}',
    'explain.layer_loaded': '読み込み済み',
    'explain.layer_absent': 'なし',
    'explain.layer_error': 'エラー',
    'explain.project_command': 'プロジェクトのコマンド {prefix} (project_commands、{layer} から)',
    'explain.notice': 'お知らせ {notice}',
    'check.when.always': '常に',
    'check.when.on_pass': '呼び出しが通るとき',
    'check.when.on_block': '呼び出しがブロックされるとき',
    'logs.session': 'セッション {session}',
    'doctor.claude_missing': '(PATH にありません)',
    'report.prompt': 'プロンプト  {text}',
    'report.html.title': 'playgate レポート: セッション {session}',
    'report.html.heading': 'playgate セッションレポート',
    'report.html.session': 'セッション',
    'report.html.project': 'プロジェクト',
    'report.html.period': '{start} から {end} まで',
    'report.html.transcript': 'トランスクリプト',
    'report.html.no_transcript': '見つかりません (判定はログからのみ)',
    'report.html.summary': '概要',
    'report.html.counts': 'ツール呼び出し {calls} 件、判定 {decisions} 件:',
    'report.html.none': 'なし',
    'report.html.guard': 'ガード',
    'report.html.blocks': 'ブロック',
    'report.html.approved': '確認なしに承認したもの',
    'report.html.time': '時刻',
    'report.html.command': 'コマンド',
    'report.html.phase': 'フェーズ',
    'report.html.why': '理由',
    'report.html.nothing_approved': '権限ゲートが承認したものはありません',
    'report.html.timeline': 'タイムライン',
    'report.html.tool': 'ツール',
    'report.html.input': '入力',
    'report.html.decisions': '判定',
    'report.html.prompt': 'プロンプト',
    'report.html.log': '判定ログ',
    'report.html.playbook': 'playbook',
    'report.html.no_playbook': '有効な playbook はありません',
    'report.html.branch': 'ブランチ',
    'report.html.subtasks_done': 'サブタスク完了。critic',
    'report.html.status': '状態',
    'report.html.done': '完了',
    'report.html.name': '名前',
    'report.html.critic': 'このセッションでの critic の判定',
    'report.html.verdict': '判定',
    'report.html.subtask': 'サブタスク',
    'report.html.reason': '理由',
    'report.html.no_verdict': 'このセッションで critic は判定を記録していません',
    'status.kind.installed': 'インストール済み',
    'status.kind.package': 'playgate パッケージ',
    'status.kind.plugin': 'プラグイン',
    'status.kind.source': 'playgate のチェックアウト',
    'explain.status.pass': '通過',
    'explain.status.skip': '対象外',
    'explain.status.dialog': 'ダイアログ',
    'explain.status.allow': '承認',
    'explain.status.not_reached': '未到達',
    # ------------------------------------------------------------ the installer (install.py, playgate install|uninstall, playgate/installer/)
    'installer.refuse.no_git': 'git がインストールされていないか PATH にありません。playgate には git が必要です',
    'installer.refuse.not_a_directory': '{repo} はディレクトリではありません',
    'installer.refuse.not_a_work_tree': (
        '{path} は git の作業ツリーではありません (先にそこで `git init` '
        'を実行するか、リポジトリの最上位のディレクトリを指定してください)'
    ),
    'installer.refuse.inside': '{path} は git の作業ツリー {top} の中です。最上位にインストールしてください: {command}',
    'installer.refuse.not_writable': '{path} はこのユーザーが書き込めません。権限を直すか、所有者としてインストーラーを実行してください',
    'installer.refuse.busy': '別のインストーラーが {repo} で作業中です。終わるまで待ってください',
    'installer.refused': 'playgate: 中止しました: {reason}',
    'installer.failed_step': 'playgate: 失敗しました: {error}',
    'installer.interrupted': 'playgate: 中断されました',
    'installer.up_to_date': 'playgate は {root} にインストール済みで最新です。変更するものはありません。',
    'installer.plan_header': '{root} への playgate のインストール計画',
    'installer.installing': '{root} に playgate をインストールしています',
    'installer.dry_run': 'ドライランです: 何も書き込んでいません。',
    'installer.failed': 'playgate: インストールに失敗しました: {error}',
    'installer.failed_hint': '  行った作業は {manifest} に記録されています。原因を直してインストールをやり直すか、次で元に戻してください: {undo}',
    'installer.step': '  {verb}{would} {what}',
    'installer.would': ' (予定)',
    'installer.verb.create': '作成',
    'installer.verb.update': '更新',
    'installer.verb.replace': '置換',
    'installer.verb.remove': '削除',
    'installer.verb.rmdir': '削除',
    'installer.verb.compile': 'コンパイル',
    'installer.verb.build': '作成',
    'installer.verb.rebuild': '再作成',
    'installer.verb.restore': '復元',
    'installer.group': '{folder} ({count} ファイル)',
    'installer.rmdirs': '作成したディレクトリ {count} 件 (空の場合のみ)',
    'installer.note': '  注: {note}',
    'installer.done': '完了しました。{root} で Claude Code を起動してください: {settings} のフックが有効です。',
    'installer.undo': '元に戻すには: {command}',
    'installer.undeclared': (
        '警告: プロジェクトのコマンド ({commands}) は宣言されていません: '
        '確認できる端末がなく、--yes も指定されていないためです。'
        '宣言するまで、Claude と critic がそれらを実行するには権限ダイアログが必要で、'
        'ヘッドレスのセッション (claude -p) では Claude Code の「This '
        'command requires approval」で拒否されます。宣言するには:'
    ),
    'installer.local_source': (
        '注: このリポジトリのクローンは {source} からスイートをインストールしますが、'
        'それはこのマシンにしかありません。ほかのマシンのチームメンバーのために、'
        '届く入手元 (コミットを指定した playgate の git URL、'
        'または wheel の URL) を指定し、固定情報をコミットし直してください:'
    ),
    'installer.commit': (
        'リポジトリに必要なものをコミットしてください ({count} ファイル。'
        'スイートのコードはコミットしません。クローンでは `{clone}` '
        'で固定情報からインストールされます):'
    ),
    'installer.nothing_to_commit': 'コミットするものはありません: リポジトリにはクローンに必要なものがそろっています。',
    'installer.commit_message': 'Install playgate {version}',
    'installer.source_checkout': 'チェックアウト {path}',
    'installer.source_pip': 'pip install {spec}',
    'installer.commands_found': '権限ゲートがこのプロジェクトで承認できるプロジェクトのコマンド ({layer} の project_commands):',
    'installer.command_row': '  {prefix:<24} ({reason})',
    'installer.offer_dry': '  (ドライラン: 何も書き込んでいません)',
    'installer.commands_ask': 'Claude Code が権限ダイアログなしで実行できるように宣言しますか? [y/N] ',
    'installer.commands_not_declared': (
        '  宣言していません。--yes を付けてやり直すか、'
        '{layer} の project_commands に自分で追加してください。'
    ),
    'installer.commands_declared': '  {path} で宣言しました',
    'installer.workflow_would': 'ワークフロー: state.md の config.workflow を {name} にする予定です',
    'installer.workflow_unchanged': (
        'ワークフロー: state.md は変更していません ({error})。'
        'config セクションに `workflow: {name}` を自分で設定してください'
    ),
    'installer.workflow_set': (
        'ワークフロー: state.md の config.workflow を {name} にしました '
        '(docs/workflows.md)'
    ),
    'installer.workflow_env': 'ワークフロー {name}: {settings} の env に {keys} が必要です ({docs})',
    'installer.workflow_env_ask': '追加しますか? [y/N] ',
    'installer.workflow_env_not': '  追加していません。--yes を付けてやり直すか、{settings} に追加してください: {json}',
    'installer.workflow_env_done': '  {settings} に追加しました',
    'installer.statusline_theirs': (
        'ステータス行: すでに設定されています ({where})。'
        'そのままにします (`playgate statusline` は自分のスクリプトからも使えます)'
    ),
    'installer.statusline_offer': (
        'ステータス行: `playgate statusline` は有効な playbook、フェーズ、'
        'サブタスクの完了数/総数、セキュリティモード、保留中のものを Claude Code '
        'のステータス行に表示します ({settings} の statusLine)'
    ),
    'installer.statusline_ask': '登録しますか? [y/N] ',
    'installer.statusline_not': '  登録していません。--yes を付けてやり直すか、{settings} に追加してください: {json}',
    'installer.statusline_done': '  {settings} に登録しました',
    'installer.not_installed': (
        '{root} に playgate はインストールされていません ({manifest} '
        'がありません)。アンインストールするものはありません。'
    ),
    'installer.uninstall_plan': '{root} からの playgate のアンインストール計画',
    'installer.uninstalling': '{root} から playgate をアンインストールしています',
    'installer.uninstall_dry': 'ドライランです: 何も削除していません。',
    'installer.uninstall_failed': 'playgate: 失敗した手順があります: {failures}',
    'installer.uninstalled': '完了しました。playgate をアンインストールしました。',
    'installer.uninstalled_kept': '完了しました。playgate をアンインストールしました (残したものは上の注を参照してください)。',
    'installer.kept_changed': '{path} は残しました: インストール後に変更されています',
    'installer.kept_state': '{path} は残しました: インストール後に変更されています (ワークフローの状態が入っています)',
    'installer.kept_no_backup': '{path} は残しました: インストール前のコピーがバックアップにありません',
    'installer.kept_logs': '{path}/ は残しました: フックの記録が入っています (不要になったら自分で削除してください)',
    'installer.kept_adopted': 'インストール前からあったファイル {count} 件は残しました (例: {example})。不要なら自分で削除してください',
    'installer.kept_layer': (
        '{path} は残しました: プロジェクトの権限レイヤーです (インストール時に宣言した '
        'project_commands が入っています)。playgate がなければ何もしません。'
        'playgate を完全にやめるなら削除してください'
    ),
    'installer.what.venv': '{path}/ (フックの仮想環境)',
    'installer.what.runtime': '{path}/ (フックの実行時の状態)',
    'installer.what.backups': '{path}/ (インストールのバックアップ)',
    'installer.what.rmdir': '{path}/ (空の場合)',
    'installer.what.bytecode': 'コンパイル済みのバイトコード',
    'installer.verb.merge': '統合',
    'installer.what.venv_create': '{path} ({requirements} を PyPI から)',
    'installer.what.venv_base': '{path} ({base} の上に作成。PLAYGATE_PYTHON のため何もダウンロードしません)',
    'installer.what.venv_rebuild': '{path} (インタプリタかパッケージが壊れています)',
    'installer.what.compile': 'モジュール {count} 件のバイトコード ({python} で)',
    'installer.what.tables': 'bashlex のパーサーテーブル ({path}、{python} で)',
    'installer.what.bundle': 'モジュールバンドル ({path}、{python} で)',
    'installer.what.gitignore': '.gitignore (項目 {added:+d} 件: フックの実行時の状態とインストールしたスイート)',
    'installer.what.stale': '{path} (スイートに含まれなくなりました)',
    'installer.what.settings': '{path}: フックイベント {events} 件、権限ルール {counts}',
    'installer.what.settings_backup': (
        '{path}: フックイベント {events} 件、'
        '権限ルール {counts} (バックアップは {backup}/)'
    ),
    'installer.what.restored': '{path} (インストール前の状態に)',
    'installer.what.settings_unmerged': '{path} (playgate のフックとルールを除去)',
    'installer.what.gitignore_unmerged': '{path} (playgate のブロックを除去)',
    'installer.note.replaced': '{path} はスイートのものと違っていたため置き換え、元のものは {backup}/ に保存しました',
    'installer.note.kept_yours': 'あなたの {path} は残しました (スイートの既定と違います。必要なら {default} と比べて手で統合してください)',
    'installer.note.stale_changed': '{path} はスイートに含まれなくなりましたが、変更されていたため残しました',
    'installer.note.wrapper': (
        '--python {given} は {real} を起動するラッパーです。'
        'フックを呼ぶたびにラッパーの分も時間がかかります (インタプリタ自体を指定すれば避けられます)'
    ),
    'installer.note.venv_unusable': '{path} は使えません ({reason})。作り直します',
    'installer.note.rule_removed': (
        'permissions.{kind} のルール {rule!r} はインストール後に {path} '
        'から削除されたため、追加し直しません'
    ),
    'installer.note.gitignore_changed': '{path} はインストール後に変更されています: playgate のブロックだけを除去します',
    'installer.note.settings_invalid': (
        '{path} は残しました: もう正しい settings の JSON ではありません。'
        'playgate のフックは手で取り除いてください'
    ),
    'installer.note.settings_added': (
        '{path} は残しました: インストール後に追加された設定があります (playgate '
        'のフックとルールは除去します)'
    ),
    'installer.note.settings_changed': (
        '{path} はインストール後に変更されています: playgate のフックとルールだけを除去し、'
        'ほかの変更はそのまま残します'
    ),
    # ---- walls: the installer's sandbox step (playgate/installer/sandbox.py)
    'installer.what.sandbox_dir': '{path}/ (sandbox.filesystem.denyWrite に載せるもの)',
    'installer.what.sandbox_local': '{path}: このマシンのサンドボックス設定',
    'installer.what.sandbox_local_backup': (
        '{path}: このマシンのサンドボックス設定 (バックアップは {backups}/)'
    ),
    'installer.what.sandbox_local_restored': '{path} (インストール前の状態に戻します)',
    'installer.what.sandbox_local_unmerged': '{path} (playgate のサンドボックス設定を除去)',
    'installer.note.sandbox_not_object': (
        '{path}: sandbox がオブジェクトではないため、Bash のサンドボックスを設定していません '
        '(直してからもう一度インストールしてください)'
    ),
    'installer.note.sandbox_kept': (
        '{path}: あなたの sandbox.{key} = {value} を残しました (playgate なら {wanted} にします)'
    ),
    'installer.note.sandbox_excluded': (
        '{path}: sandbox.excludedCommands のコマンド (と同じ行でその後に続くもの) はサンドボックス'
        'の外で動きます。playgate がこれを追加することはありません'
    ),
    'installer.note.sandbox_off': (
        'Bash のサンドボックス (ゲートのファイルを囲む外壁) は無効です (--sandbox off): Bash の'
        'コマンドとゲートのファイルの間にあるのはシェル解析だけです'
    ),
    'installer.note.sandbox_network': (
        'ネットワーク: サンドボックス内の Bash コマンドが接続できるのは {path} の '
        'sandbox.network.allowedDomains だけです: パッケージレジストリ ({registries} など)。'
        'それ以外 (curl、API、別のレジストリ) はそこにドメインを追加してください'
    ),
    'installer.note.sandbox_network_remotes': (
        'ネットワーク: サンドボックス内の Bash コマンドが接続できるのは {path} の '
        'sandbox.network.allowedDomains だけです: パッケージレジストリ ({registries} など) と'
        'リモートのホスト {hosts}。それ以外 (curl、API、別のレジストリ) はそこにドメインを'
        '追加してください'
    ),
    'installer.note.sandbox_local_remotes': (
        '{path}: ローカルのリモート {dirs} はサンドボックス内のコマンドから書き込めます (git push)'
    ),
    'installer.note.sandbox_on_required': (
        'Bash のサンドボックスは有効です: ゲートのファイルはどの Bash コマンドからも読み取り'
        '専用で、サンドボックスなしでは Claude Code はここで起動しません ({path} の '
        'sandbox.failIfUnavailable。--sandbox optional ならこれを書きません)'
    ),
    'installer.note.sandbox_on': (
        'Bash のサンドボックスは有効です: ゲートのファイルはどの Bash コマンドからも読み取り専用です'
    ),
    'installer.note.sandbox_missing': (
        'Bash のサンドボックスを設定しましたが、このマシンには {missing} がありません: '
        'インストールされるまで playgate が Bash をブロックします: {command}'
    ),
    'installer.note.sandbox_unsupported': (
        'Bash のサンドボックスを設定しましたが、Claude Code は {platform} ではサンドボックスを'
        '使えません: ここでは playgate が Bash をブロックします (Linux か macOS なら使えます)'
    ),
    'installer.note.sandbox_broken': (
        'Bash のサンドボックスを設定しましたが、ここでは bubblewrap が起動できません ({detail})。'
        'Claude Code はサンドボックスなしで Bash を実行します: docs/install.md の'
        '「The Bash sandbox」を参照してください'
    ),
    'installer.note.sandbox_local_invalid': (
        '{path} は正しい設定の JSON ではないため、このマシンのサンドボックス設定 '
        '(failIfUnavailable、ローカルのリモート) は書き込んでいません'
    ),
    'installer.note.sandbox_local_kept': (
        '{path} はそのままです: もう正しい JSON ではありません。playgate が追加したサンドボックス'
        '設定は手で取り除いてください'
    ),
    'protected_list.windows_path': (
        '{label}:{line}: {entry} は Windows のドライブパスのようです。パターンはプロジェクトルートからの'
        '相対パス (または ~/...) で書いてください。この行は BLOCK として扱います'
    ),
    'protected_list.unknown_level': (
        '{label}:{line}: 不明なレベル {level} です (HARD_BLOCK、BLOCK、WARN のいずれかを使ってください)。'
        'このエントリは BLOCK として扱います'
    ),
    'protected_list.no_pattern': '{label}:{line}: エントリにパターンがありません。LEVEL:path/glob の形で書いてください',
    'protected_list.dotdot': (
        "{label}:{line}: パターン {pattern} に '..' が含まれています。プロジェクトルートからの相対パスで書いてください"
    ),
    'protected_list.cannot_read': '読み込めません ({error})',
    'protected_list.too_large': '{limit} バイトを超えています',
    'protected_list.unreadable': '{file} はありますが、{why}。そのため、どのファイルが保護されているか分かりません。ユーザーに復元を依頼してください (git checkout -- {file}、または {repair} で再インストール)',
    'edits.is_dir': 'パスがディレクトリです',
    'edits.unreadable': 'ファイルを読み込めません ({error})',
    'edits.too_large': 'ファイルが {limit} バイトを超えています',
    'edits.no_notebook': 'ノートブックが存在しません',
    'edits.notebook_not_json': 'ファイルがノートブックではありません (JSON ではありません)',
    'edits.notebook_no_cells': 'ファイルがノートブックではありません (セルがありません)',
    'edits.no_cell': 'セルが見つかりません',
    'edits.not_an_edit': '{tool} はファイルを編集しません',
    'runtime.not_recorded': (
        '状態を完全には記録できませんでした: {failed}。上のメッセージがこの処理で記録・書き込み・削除したと述べている'
        'ものは、実際にはされていません。'
    ),
    'runtime.effect_failed': '{label} ができませんでした ({error}{detail}。詳細は {log})',
    'runtime.effect_failed_unlogged': (
        '{label} ができませんでした ({error}{detail}。{log} にも書き込めなかったため、'
        '分かっているのはこれだけです)'
    ),
    'state_md.write_one_line': 'state.md: {value} を読み戻せる形で 1 行に書けません',
    'state_md.write_broken': (
        "state.md: セクション '{section}' の YAML が壊れています ({error})。何も書き込んでいません — "
        "先にセクションを修正してください"
    ),
    'state_md.write_not_mapping': (
        "state.md: セクション '{section}' が YAML のマッピングではありません。何も書き込んでいません — "
        "key: value の行で書いてください"
    ),
    'state_md.write_unparsable': (
        "state.md: セクション '{section}' を書くと解析できない YAML になります。何も書き込んでいません — "
        "セクションに特殊な書き方がないか確認してください"
    ),
    'state_md.write_missing': '{path} がありません。{repair} で作成されます',
    'state_md.write_unreadable': (
        '{path} を読み込めません ({error})。何も書き込んでいません — 通常の読み込み可能なファイルに'
        'してください (git から復元してください)'
    ),
    'state_md.write_too_large': 'state.md が {limit} バイトを超えています。何も書き込んでいません',
    'state_md.write_not_utf8': (
        'state.md が正しい UTF-8 ではありません ({byte} バイト目)。何も書き込んでいません — UTF-8 で保存し直してください'
    ),
    'state_md.write_no_section': "state.md に '{section}' セクションがありません",
    'state_md.write_no_read_back': (
        "state.md: {section}.{key} を書いても {value} として読み戻せません。何も書き込んでいません — "
        "セクションの YAML を確認してください"
    ),
    'state_md.write_changes_other': (
        "state.md: {section} を書くとセクション '{other}' が変わってしまいます。何も書き込んでいません — "
        "ファイルに特殊な書き方がないか確認してください"
    ),
    # ==== (ja-archive): the archive engine's step results, failures and hints
    'archive.config.git': (
        'state.md の config.archive_git が {value} です。false, commit, push, pr, merge のいずれかにしてください '
        '(true は merge)。git の手順は実行していません'
    ),
    'archive.config.merge_method': (
        'state.md の config.archive_merge_method が {value} です。merge, squash, rebase のいずれかにしてください '
        '(merge を使います)'
    ),
    'archive.paths_more': '{paths} ほか {n} 件のパス',
    'archive.detail.tmp_symlink': 'tmp/ はシンボリックリンクなので触れていません',
    'archive.detail.already_moved': '移動済み',
    'archive.detail.no_tmp': 'tmp/ はありません',
    'archive.detail.removed': '{dir}/tmp/ から {n} 件を削除しました',
    'archive.detail.moved_dir': '{dir}/ を {archive}/ に移動しました',
    'archive.detail.moved_files': 'plan.json と progress.json を {archive}/ に移動しました',
    'archive.detail.no_state': 'state.md が存在しないため、リセットするものはありません',
    'archive.detail.other_active': (
        'playbook.active は {active} です (この playbook ではありません)。last_archived だけを設定しました'
    ),
    'archive.detail.state_reset': 'state.md の playbook と goal のキーをリセットしました',
    'archive.detail.wrote': '{path} を書き込みました',
    'archive.detail.nothing_to_commit': 'コミットするものはありません',
    'archive.detail.committed': '{branch} に {commit} をコミットしました',
    'archive.detail.pushed': '{branch} を {remote} に push しました',
    'archive.detail.pr_already_open': 'プルリクエスト {ref} はすでにオープンしています',
    'archive.detail.pr_already_merged': 'プルリクエスト {ref} はすでにマージ済みです',
    'archive.detail.pr_opened': 'プルリクエスト {url} を作成しました',
    'archive.detail.pr_merged': 'プルリクエスト {ref} をマージしました',
    'archive.detail.on_default': '{branch} に戻りました',
    'archive.detail.on_default_pulled': '{branch} に戻り、{remote} の最新に更新しました',
    'archive.skip.no_repository_git': 'git リポジトリではないため、git の手順は対象外です',
    'archive.skip.no_repository': 'git リポジトリではありません',
    'archive.skip.on_default': '作業がデフォルトブランチ {branch} 上にあるため、プルリクエストは不要です',
    'archive.skip.on_trunk': '作業がトランク {branch} 上にあるため、マージするブランチはありません',
    'archive.skip.nothing_to_delete': '削除するマージ済みの短命ブランチはありません',
    'archive.detail.trunk_merged': '{branch} を {trunk} にマージしました',
    'archive.detail.branch_deleted': 'マージ済みのブランチ {branch} を削除しました',
    'archive.detail.branch_gone': 'ブランチ {branch} はすでに削除されています',
    'archive.fail.trunk_merge': '{branch} を {trunk} にマージできませんでした（中止して {branch} に戻りました）: {detail}',
    'archive.hint.trunk_merge': (
        '自分でマージしてください（git checkout {trunk}、git merge {branch}、競合を解決してコミット）。'
        'その後 post-loop ハンドラーを再実行してください'
    ),
    'archive.fail.on_branch_to_delete': '削除するブランチ {branch} がチェックアウトされています',
    'archive.fail.branch_delete': 'git branch -d {branch} が失敗しました: {detail}',
    'archive.hint.branch_delete': (
        '{branch} がマージ済みか確かめ（git branch --merged）、git branch -d {branch} で削除してから、'
        'post-loop ハンドラーを再実行してください'
    ),
    'archive.fail.no_free_name': '{archive}/ の下に {id} 用の空いている名前がありません',
    'archive.fail.both_exist': '{first} と {second} の両方が存在します',
    'archive.fail.dir_gone': '{dir}/ がなくなっており、{archive}/ も存在しません',
    'archive.fail.git_status': 'git status が失敗しました: {detail}',
    'archive.fail.operation_in_repository': 'リポジトリで {op} が進行中です',
    'archive.fail.operation': '{op} が進行中です',
    'archive.fail.detached': 'HEAD が detached 状態です (どのブランチもチェックアウトされていません)',
    'archive.fail.other_branch': 'チェックアウトされているブランチは {branch} ですが、playbook は {expected} で完了しています',
    'archive.fail.conflicts': '未解決のコンフリクトがあります: {paths}',
    'archive.fail.secrets': (
        '次の変更ファイルは protected-files.txt の HARD_BLOCK エントリに一致するため、自動ではコミットしません: {paths}'
    ),
    'archive.fail.git_add': 'git add が失敗しました: {detail}',
    'archive.fail.git_commit': 'git commit が失敗しました: {detail}',
    'archive.fail.work_uncommitted': '作業が {branch} にコミットされていません: {paths}',
    'archive.fail.no_remote': 'git のリモートが設定されていません',
    'archive.fail.git_push': '{remote} への git push が失敗しました: {detail}',
    'archive.fail.gh_missing': 'gh (GitHub CLI) がインストールされていません',
    'archive.fail.no_default_branch': 'デフォルトブランチを特定できませんでした',
    'archive.fail.pr_create': 'gh pr create が失敗しました: {detail}',
    'archive.fail.pr_state': 'プルリクエスト {ref} の状態は {state} です',
    'archive.fail.pr_not_found': 'プルリクエスト {ref} が見つかりません',
    'archive.fail.pr_still': '状態がまだ {state} のままです',
    'archive.fail.pr_still_unknown': '状態がまだ不明のままです',
    'archive.fail.pr_not_merged': 'プルリクエスト {ref} はマージされませんでした: {why}',
    'archive.fail.uncommitted': '作業ツリーにコミットされていない変更があります: {paths}',
    'archive.fail.checkout': 'git checkout {branch} が失敗しました: {detail}',
    'archive.fail.pull': 'git pull --ff-only {remote} {branch} が失敗しました: {detail}',
    'archive.fail.budget': 'フックの制限時間を使い切りました',
    'archive.hint.tidy_archive': 'play/archive/ を整理してから、もう一度 progress.json を編集してください',
    'archive.hint.older_archive': (
        '{archive}/ (古いアーカイブ?) を移動するか削除してから、もう一度 progress.json を編集して再試行してください'
    ),
    'archive.hint.restore_dir': 'playbook のディレクトリを git から復元してから、再試行してください',
    'archive.hint.remove_one': 'どちらかを削除してから、再試行してください',
    'archive.hint.check_repository': 'リポジトリを確認 (`git status`) してから、再試行してください',
    'archive.hint.finish_operation': (
        'それを完了するか中止して (方法は `git status` が示します)、'
        'post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.finish_operation_short': 'それを完了するか中止してから、ハンドラーを再実行してください',
    'archive.hint.check_out_playbook': 'playbook のブランチをチェックアウトしてから、post-loop ハンドラーを再実行してください',
    'archive.hint.check_out_branch': (
        '{branch} をチェックアウト (`git checkout {branch}`) してから、post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.resolve_conflicts': 'コンフリクトを解決してコミットしてから、post-loop ハンドラーを再実行してください',
    'archive.hint.gitignore': (
        'それらを .gitignore に追加して (または残りを自分でコミットして) から、'
        'post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.fix_cause': '原因を直してから、post-loop ハンドラーを再実行してください',
    'archive.hint.commit_failed': (
        '変更はステージ済みで、何も失われていません。原因 (git の user.name/user.email、コミット署名) を直してから、post-loop '
        'ハンドラーを再実行するか自分でコミットしてください'
    ),
    'archive.hint.commit_work': (
        '作業をコミット (`git add -A -- <それらのパス>` のあと `git commit`) してから、post-loop ハンドラーを再実行してください。'
        'ハンドラーが push します'
    ),
    'archive.hint.add_remote': (
        'リモートを追加 (`git remote add origin <url>`) してから、post-loop ハンドラーを再実行してください。作業はローカルにコミット済みです'
    ),
    'archive.hint.push_rejected': (
        'リモートにこのブランチにないコミットがあります。取り込んで (`git pull --rebase {remote} {branch}`) から、post-loop '
        'ハンドラーを再実行してください'
    ),
    'archive.hint.push_failed': (
        'リモートと認証情報を確認して (手動なら `git push` できますか?) から、'
        'post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.gh_missing': (
        'GitHub CLI (https://cli.github.com) をインストールして `gh auth login` を実行してから、post-loop '
        'ハンドラーを再実行してください — または、ブランチ {branch} からプルリクエストを自分で作成してください'
    ),
    'archive.hint.set_default_branch_human': (
        'state.md の config.archive_default_branch を設定して (人間が編集します) から、post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.set_default_branch': (
        'state.md の config.archive_default_branch を設定してから、post-loop ハンドラーを再実行してください'
    ),
    'archive.hint.pr_create': (
        '`gh auth status` とリポジトリの設定を確認してから、post-loop ハンドラーを再実行してください — または、プルリクエストを自分で作成してください'
    ),
    'archive.hint.reopen_pr': 'プルリクエストをオープン (または再オープン) してから、post-loop ハンドラーを再実行してください',
    'archive.hint.pr_blocked': (
        'マージを妨げているもの (コンフリクト、必須チェック、レビュー) を解消して GitHub 上でマージしてから、post-loop ハンドラーを再実行してください '
        '(マージを検出します)'
    ),
    'archive.hint.uncommitted': (
        'それらを自分でコミットするか stash してから (何も変更していません)、post-loop ハンドラーを再実行して {branch} に戻ってください'
    ),
    'archive.hint.check_out_yourself': '{branch} を自分でチェックアウトしてから、post-loop ハンドラーを再実行してください',
    'archive.hint.pull': '現在 {branch} にいます。自分で更新 (`git pull`) してから、post-loop ハンドラーを再実行してください',
    'archive.hint.continue': 'post-loop ハンドラーを再実行して続けてください',
    'archive.hint.rerun': 'post-loop ハンドラーを再実行してください',
    'archive.hint.retry_local': '原因を直してください。次の編集 (または post-loop ハンドラー) がこの手順から再試行します',
    'archive.msg.still_to_run': 'git の手順 ({steps}) が残っています。post-loop ハンドラーの実行時に実行されます',
    'archive.msg.step_failed': '手順「{step}」が失敗しました: {reason}',
    'archive.msg.git_stopped': 'git の手順が「{step}」で止まりました: {reason}',
    'archive.msg.reason': '{reason}。',
    'archive.msg.reason_hint': '{reason}。{hint}。',
    'archive.running': '{message}。',
    'archive.busy': '別のフックがいま playbook をアーカイブしています。完了したら報告します。',
    # ---- faults: the archive engine's lock and post-loop handler under faults
    'archive.lock_unavailable': (
        'アーカイブのロックを取得できなかったため、何もアーカイブしていません: {problem} これを直してから '
        '`{command}` を実行してください。'
    ),
    'post_loop.archived_due': 'playbook {playbook} は完了していましたがアーカイブされていませんでした: いまアーカイブします。',
    'archive.cannot_archive': 'playbook {id} は完了していますが、アーカイブできません: {problem}',
    # ==== end (ja-archive)


    # ==== (ja-more)
    'reward.listing_more': '{shown} ... ほか {more} 件の項目',
    'reward.problems_more': '{shown}; ... ほか {more} 件の subtask',
    'executor_guard.how_plan_roles': "executor '{raw}' → playbook の meta.roles.{name}",
    'executor_guard.how_state_roles': "executor '{raw}' → state.md の config.roles.{name}",
    'executor_guard.how_toolstack': "executor '{raw}' → toolstack {stack} の既定値",
    'spec_phase_gate.not_yaml': 'YAML として正しくありません ({problem})',
    'spec_phase_gate.not_yaml_at': '{line} 行目付近が YAML として正しくありません ({problem})',
    'spec_phase_gate.not_mapping': 'YAML のマッピングでなければなりません ({type} になっています)',
    # ---- breezing: effect labels
    'runtime.effect.abort_the_breezing_session': 'breezing セッションの中止',
    'runtime.effect.bind_the_session_to_this_conversation': 'セッションをこの会話に結び付け',
    'runtime.effect.clear_the_breezing_session_s_records': 'breezing セッションの記録の削除',
    'runtime.effect.open_the_delegate_phase': 'delegate フェーズの開始',
    'runtime.effect.open_the_hooks_section': 'hooks セクションの作成',
    'runtime.effect.record_the_breezing_request': '/breezing リクエストの記録',
    'runtime.effect.record_the_agent_id': 'エージェント ID の記録',
    'runtime.effect.record_the_created_task': '作成タスクの記録',
    'runtime.effect.record_the_range_confirmation_shown': '範囲確認の提示の記録',
    'runtime.effect.record_the_range_confirmation_s_answer': '範囲確認への回答の記録',
    'runtime.effect.record_the_review_s_start': 'レビュー開始の記録',
    'runtime.effect.record_the_reviewer_s_verdict': 'Reviewer の判定の記録',
    'runtime.effect.record_the_role_marker': 'ロールマーカーの記録',
    'runtime.effect.record_the_task_s_status': 'タスク状態の記録',
    'runtime.effect.record_the_team_s_last_code_change': 'Team の最後のコード変更の記録',
    'runtime.effect.record_the_user_s_answer_to_the_escalation': 'エスカレーションへのユーザーの回答の記録',
    'runtime.effect.reopen_the_delegate_phase': 'delegate フェーズの再開',
    'runtime.effect.apply_the_critic_s_verdicts': 'critic の判定の反映',
    # ---- faults: effect labels of the archive state
    'runtime.effect.resume_the_archive': 'アーカイブの再開',
    'runtime.effect.clear_consent': '同意の解除',
    'runtime.effect.clear_compact_wait': '圧縮後の待機の解除',
    'runtime.effect.write_compact_wait': '圧縮後の待機の記録',
    'runtime.effect.clear_last_fail_reason': 'last-fail-reason の削除',
    'runtime.effect.clear_pending': 'pending の解除',
    'runtime.effect.clear_prompt_analyzer_marker': 'prompt-analyzer マーカーの削除',
    'runtime.effect.close_finished_archive_checkpoint': '完了したアーカイブのチェックポイントの終了処理',
    'runtime.effect.consume_resume_pointer': '再開ポインタの消費',
    'runtime.effect.consume_session_end_report': 'セッション終了レポートの消費',
    'runtime.effect.consume_the_verdict_report': '判定レポートの消費',
    'runtime.effect.count_stop_block': 'Stop ブロック回数の記録',
    'runtime.effect.create_consent_marker': '同意マーカーの作成',
    'runtime.effect.create_pending': 'pending の作成',
    'runtime.effect.create_prompt_analyzer_marker': 'prompt-analyzer マーカーの作成',
    'runtime.effect.drop_an_older_session_end_report': '古いセッション終了レポートの削除',
    'runtime.effect.drop_another_conversation_s_understanding_check': '別の会話の理解確認の削除',
    'runtime.effect.forget_reads': '読み込み記録の消去',
    'runtime.effect.forget_the_previous_prompt_analysis': '前回のプロンプト分析の消去',
    'runtime.effect.give_back_the_signals_of_a_refused_prompt': '拒否されたプロンプトのシグナルの返却',
    'runtime.effect.log_consent_answer': '同意の回答の記録',
    'runtime.effect.log_notification': '通知の記録',
    'runtime.effect.log_session_end': 'セッション終了の記録',
    'runtime.effect.log_subagent': 'subagent の記録',
    'runtime.effect.mark_signals_consumed': 'シグナルを消費済みにする処理',
    'runtime.effect.no_pending_the_resumed_conversation_read_the_state': 'pending の解除 (再開した会話は状態を読み込み済み)',
    'runtime.effect.permission_audit': '権限の監査ログの記録',
    'runtime.effect.record_critic_verdicts': 'critic の判定の記録',
    'runtime.effect.record_last_fail_reason': 'last-fail-reason の記録',
    'runtime.effect.record_read': '読み込みの記録',
    'runtime.effect.record_the_sdd_start': 'sdd の起動の記録',
    'runtime.effect.record_the_sdd_verdict': 'sdd の判定の記録',
    'runtime.effect.record_the_review': 'レビュー結果の記録',
    'runtime.effect.remove_init_guard_s_pending_marker': 'init-guard の pending マーカーの削除',
    'runtime.effect.remove_stale_post_loop_pending': '古い post-loop-pending の削除',
    'runtime.effect.remove_unreadable_archive_checkpoint': '読み取れないアーカイブのチェックポイントの削除',
    'runtime.effect.remove_the_architecture_sync_flag': 'architecture-sync フラグの削除',
    'runtime.effect.reset_playbook_active': 'playbook.active のリセット',
    'runtime.effect.reset_stop_counter': 'Stop カウンタのリセット',
    'runtime.effect.save_resume_pointer': '再開ポインタの保存',
    'runtime.effect.save_session_end_report': 'セッション終了レポートの保存',
    'runtime.effect.write_required_playbook': 'required_playbook の書き込み',
    'runtime.effect.write_session_last_end': 'session.last_end の書き込み',
    'runtime.effect.write_session_last_start': 'session.last_start の書き込み',
    'runtime.effect.write_the_architecture_sync_flag': 'architecture-sync フラグの書き込み',
    'atomic.lock_open': (
        'ロックファイル {path} を開けません ({error})。ロックなしでは状態ファイルを書き込みません。'
        'ローカルの書き込み可能なファイルシステム上の通常のファイルにしてください '
        '(そこにあるものを削除すれば作り直されます)。'
    ),
    'atomic.lock_unsupported': (
        '{path} をロックできません ({error})。ロックなしでは状態ファイルを書き込みません。'
        '.claude/.cache/ がローカルの書き込み可能なファイルシステム上にあるか確認してください。'
    ),
    'atomic.lock_busy': (
        '{path} を {waited:.3g} 秒以内にロックできませんでした: 別の hook かセッションが保持しています。'
        'Claude Code のセッションが動いていなければ、異常終了したプロセスが残したものです。'
        'そのプロセスが終了すれば解放されます (プロセスを終了させるか、ロックファイルを削除してください)。'
    ),
    # ---- faults: state writes confined to the project (atomic.write_path)
    'atomic.outside_project': (
        '{path} はプロジェクトの外 ({target}) を指しています (そのファイルか、途中のディレクトリが'
        'シンボリックリンクです)。playgate は状態ファイルをプロジェクト ({root}) の中にしか書き込まない'
        'ため、書き込みませんでした。{path} を通常のファイルにするか、プロジェクト内のファイルへの'
        'リンクにしてください。'
    ),
    'atomic.link_unconfined': (
        '{path} はシンボリックリンク ({target} へのリンク) で、ここではどのプロジェクトのファイルか'
        '分からないため、playgate はリンク先に書き込みませんでした。通常のファイルにしてください。'
    ),
    'breezing.signal_partial_review': (
        'タスクが {done}/{total} 件完了しました (半分に到達): 完了したタスクの部分レビューを Reviewer に'
        '依頼することを検討してください。推奨事項です。残りのタスクが少ない場合は省略してかまいません。'
    ),
    'breezing.signal_partial_review_batch': (
        'バッチ {batch} のタスクが {done}/{total} 件完了しました (半分に到達): 完了したタスクの部分レビューを '
        'Reviewer に依頼することを検討してください。推奨事項です。残りのタスクが少ない場合は省略してかまいません。'
    ),
    'breezing.signal_next_batch': (
        'タスクが {done}/{total} 件完了しました (60 % に到達): Progressive Batch で進めている場合は、'
        '実装担当の手が空かないよう、いま TaskCreate で次のバッチを登録してください。推奨事項です。'
    ),
    'breezing.signal_next_batch_batch': (
        'バッチ {batch} のタスクが {done}/{total} 件完了しました (60 % に到達): Progressive Batch で'
        '進めている場合は、実装担当の手が空かないよう、いま TaskCreate で次のバッチを登録してください。'
        '推奨事項です。'
    ),
    'breezing.active_broken': (
        '{active} が壊れています: {shown}。チームの hook は impl_mode とタスクのバッチをこのファイルから'
        '読みます (breezing-active.json スキーマ v2)。修正するか、/breezing のセッションが'
        '動いていなければ削除してください。'
    ),
    'breezing.error_directory': 'ファイルではなくディレクトリです',
    'breezing.error_unreadable': '読み込めません ({error})',
    'breezing.error_too_large': '{limit} バイトを超えています',
    'breezing.error_not_json': 'JSON として正しくありません ({problem})',
    'breezing.error_not_object': 'JSON オブジェクトでなければなりません ({type} になっています)',
    'breezing.error_current_batch': 'current_batch: {value} は batches のどのエントリの id でもありません',
    'breezing.error_unchecked': (
        'スキーマで検査できませんでした ({error})。スイートを再インストールしてください'
    ),
    'breezing.error_cache': 'キャッシュのエントリを読み取れません',
    'breezing.error_schema': '{where}: {problem}',
    'runtime.effect.record_taskcompleted': 'TaskCompleted の記録',
    'runtime.effect.record_teammateidle': 'TeammateIdle の記録',
}
