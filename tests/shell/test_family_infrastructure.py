"""The infrastructure family (infrastructure as code and cluster tools,
shell/families/infra.py; containers and Kubernetes, shell/families/containers.py): commands
it must stop (asked by default: shell/severity.py) and commands that must stay allowed, every
row through the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "infrastructure"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("terraform destroy -auto-approve", "infra-destroy"),
    ("terraform -chdir=envs/prod destroy", "infra-destroy"),
    ("terraform apply -destroy -auto-approve", "infra-destroy"),
    ("terraform state rm module.db.aws_db_instance.main", "infra-destroy"),
    ("tofu destroy", "infra-destroy"),
    ("terragrunt run-all destroy", "infra-destroy"),
    ("terragrunt apply -destroy", "infra-destroy"),
    ("pulumi destroy --yes", "infra-destroy"),
    ("pulumi --cwd infra stack rm dev --force", "infra-destroy"),
    ("helm uninstall web -n prod", "infra-destroy"),
    ("helm --kube-context prod delete api", "infra-destroy"),
    ("kubectl delete pod web-1", "infra-destroy"),
    ("kubectl --context prod -n shop delete deployment api", "infra-destroy"),
    ("kubectl delete -f k8s/", "infra-destroy"),
    ("kubectl delete namespace prod", "infra-destroy"),
    ("kubectl delete pods --all", "infra-destroy"),
    ("kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data", "infra-destroy"),
    ("kubectl scale deployment web --replicas=0", "infra-destroy"),
    ("oc delete project staging", "infra-destroy"),
    ("docker rm -f web", "infra-destroy"),
    ("docker --context remote rm -f web", "infra-destroy"),
    ("docker rmi -f app:latest", "infra-destroy"),
    ("docker system prune", "infra-destroy"),
    ("docker system prune -af --volumes", "infra-destroy"),
    ("docker volume rm pgdata", "infra-destroy"),
    ("docker volume prune -f", "infra-destroy"),
    ("docker compose down -v", "infra-destroy"),
    ("docker-compose down --rmi all", "infra-destroy"),
    ("podman volume rm data", "infra-destroy"),
    ("podman system reset --force", "infra-destroy"),
    ("nerdctl rm -f c1", "infra-destroy"),
    ("vagrant destroy -f", "infra-destroy"),
    ("minikube delete --all", "infra-destroy"),
    ("vault kv delete secret/app", "infra-destroy"),
    ("docker run -v /:/host alpine", "system-write", "system"),
    ("kubectl exec web -- rm -rf /", "rm-recursive", "files"),
    ("docker exec db psql -c 'DROP DATABASE app'", "data-destroy", "databases"),
    ("ansible all -m shell -a 'rm -rf /var/lib/app'", "rm-recursive", "files"),
    ("docker rm $(docker ps -aq)", "infra-destroy"),
    ("kubectl cordon node-1", "infra-destroy"),
    ("helm upgrade web ./chart --force", "infra-destroy"),
]

#: Commands that must stay allowed.
ALLOW = [
    "terraform plan",
    "terraform plan -destroy",
    "terraform -chdir=envs/dev validate",
    "pulumi preview",
    "helm list -A",
    "kubectl get pods -A",
    "kubectl --context prod describe deployment api",
    "kubectl delete pod web-1 --dry-run=client",
    "kubectl logs web-1",
    "docker ps -a",
    "docker build -t x .",
    "docker run --rm alpine echo hi",
    "docker rm web",
    "docker compose down",
    "docker exec web ls /app",
    "echo 'terraform destroy'",
    "helm upgrade web ./chart",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))
