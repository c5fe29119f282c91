#!/usr/bin/env bash
# A one-node Slurm cluster in a scratch folder, for the cluster tests: its own munge key and
# socket, slurm.conf, state and spool folders, slurmctld and slurmd on 127.0.0.1 with ports
# no other run uses. Sourced by a test, which calls local_slurm_start DIR and (from a trap)
# local_slurm_stop; sbatch, squeue, scancel and scontrol then talk to it through SLURM_CONF.
# Runs as root (munged and slurmd need it here: no systemd, no slurm user).

# Two free TCP ports on 127.0.0.1 (the kernel's pick, released just before the daemons bind).
local_slurm_free_ports() {
  python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))'
}

local_slurm_write_conf() {
  local dir=$1 ctld_port=$2 slurmd_port=$3
  cat >"$dir/slurm.conf" <<CONF
ClusterName=calibtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
KillWait=5
MinJobAge=600
MailProg=/bin/true
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=2000 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
}

# Starts munged, slurmctld and slurmd for a cluster in DIR (created) and waits until the node
# takes jobs. Exports SLURM_CONF. Returns 1 (daemon logs on stderr) when the node does not come up.
local_slurm_start() {
  local dir=$1 ports
  mkdir -p "$dir"/{munge,state,spool}
  chmod 700 "$dir/munge"
  ports=$(local_slurm_free_ports) || return 1
  local_slurm_write_conf "$dir" ${ports}
  export SLURM_CONF=$dir/slurm.conf
  LOCAL_SLURM_DIR=$dir
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  # Every daemon in the foreground, a child of this shell: a test killed from outside (ctest's
  # timeout kills the process tree) takes them with it.
  munged --foreground --force --key-file="$dir/munge/munge.key" \
    --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" 2>"$dir/munged.out" &
  LOCAL_SLURM_MUNGED=$!
  local i state
  for ((i = 0; i < 50; ++i)); do [[ -S $dir/munge/munge.socket ]] && break; sleep 0.1; done
  slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
  LOCAL_SLURM_PIDS="$!"
  slurmd -D -N localhost -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
  LOCAL_SLURM_PIDS+=" $!"
  for ((i = 0; i < 100; ++i)); do
    state=$(sinfo -h -n localhost -o %T 2>/dev/null)
    [[ $state == idle ]] && return 0
    sleep 0.2
  done
  echo "local_slurm: the node did not come up (state '$state')" >&2
  tail -n 20 "$dir"/slurmctld.log "$dir"/slurmd.log "$dir"/*.out >&2
  return 1
}

# Cancels every job, waits for them to end (their slurmstepd with them), then stops slurmd,
# slurmctld and munged by their process ids. Safe to call twice and after a failed start;
# returns 1 (naming them) when a daemon is still running afterwards.
local_slurm_stop() {
  [[ -n ${LOCAL_SLURM_DIR:-} ]] || return 0
  local dir=$LOCAL_SLURM_DIR pid i
  if [[ -n ${LOCAL_SLURM_PIDS:-} ]]; then
    SLURM_CONF=$dir/slurm.conf scancel --quiet --full --user=root 2>/dev/null
    for ((i = 0; i < 100; ++i)); do
      [[ -z $(SLURM_CONF=$dir/slurm.conf squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.2
    done
  fi
  # The Slurm daemons first, munged (which they authenticate through) last.
  local survivors=
  for group in "${LOCAL_SLURM_PIDS:-}" "${LOCAL_SLURM_MUNGED:-}"; do
    for pid in $group; do kill -TERM "$pid" 2>/dev/null; done
    for pid in $group; do
      for ((i = 0; i < 50; ++i)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null && echo "local_slurm: $pid ignored SIGTERM: killed" >&2
      wait "$pid" 2>/dev/null
      kill -0 "$pid" 2>/dev/null && survivors+=" $pid"
    done
  done
  LOCAL_SLURM_DIR= LOCAL_SLURM_PIDS= LOCAL_SLURM_MUNGED=
  if [[ -n $survivors ]]; then
    echo "local_slurm: still running after stop:$survivors" >&2
    return 1
  fi
  return 0
}
