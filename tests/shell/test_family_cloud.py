"""The cloud family (cloud providers' and hosting CLIs, shell/families/cloud.py; object
storage and sync tools, shell/families/storage.py): commands it must stop (asked by default:
shell/severity.py) and commands that must stay allowed, every row through the analysis,
bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "cloud"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("aws s3 rm s3://bucket --recursive", "infra-destroy"),
    ("aws --profile prod --region eu-west-1 s3 rm s3://logs/2024/ --recursive",
     "infra-destroy"),
    ("aws s3 rb s3://bucket --force", "infra-destroy"),
    ("aws s3api delete-bucket --bucket assets", "infra-destroy"),
    ("aws s3 sync ./site s3://www --delete", "infra-destroy"),
    ("aws ec2 terminate-instances --instance-ids i-0abc", "infra-destroy"),
    ("aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot",
     "infra-destroy"),
    ("aws --output json cloudformation delete-stack --stack-name app", "infra-destroy"),
    ("aws dynamodb delete-table --table-name users", "infra-destroy"),
    ("gsutil -m rm -r gs://bucket", "infra-destroy"),
    ("gsutil rb gs://bucket", "infra-destroy"),
    ("gsutil rsync -d -r ./out gs://site", "infra-destroy"),
    ("gcloud storage rm --recursive gs://bucket", "infra-destroy"),
    ("gcloud --project prod compute instances delete vm-1 --zone us-central1-a",
     "infra-destroy"),
    ("gcloud projects delete my-project", "infra-destroy"),
    ("gcloud sql instances delete db-1 --quiet", "infra-destroy"),
    ("az --subscription s1 group delete --name rg-prod --yes", "infra-destroy"),
    ("az storage blob delete-batch --source c --account-name a", "infra-destroy"),
    ("az vm delete -g rg -n vm1 --yes", "infra-destroy"),
    ("azcopy remove 'https://acct.blob.core.windows.net/c/dir' --recursive", "infra-destroy"),
    ("mc rb --force local/bucket", "infra-destroy"),
    ("rclone purge remote:bucket/path", "infra-destroy"),
    ("rclone sync ./dist remote:site", "infra-destroy"),
    ("s3cmd del --recursive s3://bucket/x", "infra-destroy"),
    ("heroku apps:destroy --app shop --confirm shop", "infra-destroy"),
    ("doctl compute droplet delete web-1 --force", "infra-destroy"),
    ("eksctl delete cluster --name prod", "infra-destroy"),
    ("sudo aws s3 rm s3://b/k", "infra-destroy"),
    ("restic -r s3:bucket/repo forget --prune --keep-last 1", "infra-destroy"),
    ("borg delete /backup::2024-01-01", "infra-destroy"),
    ("velero backup delete nightly --confirm", "infra-destroy"),
    ("glab repo delete group/project --yes", "infra-destroy"),
]

#: Commands that must stay allowed.
ALLOW = [
    "aws s3 ls",
    "aws s3 cp data.txt s3://bucket/",
    "aws s3 sync ./site s3://www",
    "aws sts get-caller-identity",
    "aws ec2 describe-instances --region eu-west-1",
    "aws ec2 terminate-instances --instance-ids i-0abc --dry-run",
    "gcloud config list",
    "gcloud compute instances list",
    "gsutil ls gs://bucket",
    "az group list -o table",
    "azcopy copy ./a 'https://acct.blob.core.windows.net/c/'",
    "rclone copy ./dist remote:site",
    "rclone sync --dry-run ./dist remote:site",
    "mc ls local/bucket",
    "echo 'aws s3 rb s3://bucket --force'",
    "restic snapshots",
    "borg list /backup",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))
