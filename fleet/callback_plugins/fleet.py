"""The fleet playbook's screen output: Ansible's default, except that while the campaigns run each
poll prints one line per device (the collect's own progress line: run k of N, the stack and
endpoint, the time left) instead of "FAILED - RETRYING", and every task's outcome on a device,
with its output, is appended to that device's log on the controller,
<project>/target/fleet/logs/<inventory host>.log. At the end, one line per device names its
outcome: what came back, or the stage at which it failed or could not be reached, and why."""

from __future__ import annotations

DOCUMENTATION = """
    name: fleet
    type: stdout
    short_description: one progress line per device, and a log per device
    description:
        - Ansible's default output, with one line per device and poll of a running campaign,
          and each device's task outcomes appended to target/fleet/logs/<host>.log.
    extends_documentation_fragment:
      - default_callback
      - result_format_callback
    requirements:
      - set as stdout_callback in fleet/ansible.cfg
"""

import datetime
import os

from ansible.plugins.callback.default import CallbackModule as DefaultCallback

POLL_TASK = "Wait for the campaign"


class CallbackModule(DefaultCallback):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "stdout"
    CALLBACK_NAME = "fleet"

    def __init__(self):
        super().__init__()
        self._log_dir = None
        # per device: the facts the playbook notes (fleet_stage, fleet_campaign, fleet_outcome,
        # fleet_failure) and how it ended when it did not finish
        self._devices = {}

    def v2_playbook_on_start(self, playbook):
        root = os.path.dirname(os.path.abspath(playbook._basedir))
        self._log_dir = os.path.join(root, "target", "fleet", "logs")
        os.makedirs(self._log_dir, exist_ok=True)
        super().v2_playbook_on_start(playbook)

    def _note(self, result, **kv):
        host = result.host.get_name()
        if host == "localhost":
            return
        d = self._devices.setdefault(host, {})
        facts = result.result.get("ansible_facts") or {}
        for key in ("fleet_stage", "fleet_campaign", "fleet_outcome", "fleet_failure"):
            if key in facts:
                d[key] = str(facts[key]).strip()
        d.update(kv)

    def _log(self, result, outcome):
        if self._log_dir is None:
            return
        host = result.host.get_name()
        if host == "localhost":
            return
        r = result.result
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines = ["%s %s: %s" % (stamp, result.task_name or result.task, outcome)]
        if r.get("msg"):
            lines.append("  msg: %s" % str(r["msg"]).replace("\n", "\n  "))
        for key in ("cmd", "stdout", "stderr"):
            value = r.get(key)
            if value:
                if isinstance(value, list):
                    value = " ".join(str(v) for v in value)
                lines.append("  %s: %s" % (key, str(value).replace("\n", "\n  ")))
        with open(os.path.join(self._log_dir, host + ".log"), "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

    @staticmethod
    def _progress(result):
        """The device's progress line from the status the poll read, or its state."""
        out = result.result.get("stdout_lines") or []
        progress = [line[len("progress: "):] for line in out if line.startswith("progress: ")]
        if progress:
            return progress[-1].replace("collect: ", "", 1)
        last = [line[len("last: "):] for line in out if line.startswith("last: ")]
        if last:
            return "starting: " + last[-1]
        return out[0] if out else "no status"

    def v2_runner_retry(self, result):
        if (result.task_name or "") == POLL_TASK:
            line = "[%s] %s" % (result.host.get_name(), self._progress(result))
            self._display.display(line)
            self._log(result, "polled: " + self._progress(result))
            return
        self._log(result, "retrying")
        super().v2_runner_retry(result)

    def v2_runner_on_ok(self, result):
        self._note(result)
        self._log(result, "changed" if result.result.get("changed") else "ok")
        super().v2_runner_on_ok(result)

    def v2_runner_on_failed(self, result, ignore_errors=False):
        if not ignore_errors:
            self._note(result, failed=str(result.result.get("msg", "failed")).strip())
        self._log(result, "FAILED" + (" (ignored)" if ignore_errors else ""))
        super().v2_runner_on_failed(result, ignore_errors)

    def v2_runner_on_unreachable(self, result):
        self._note(result, unreachable=str(result.result.get("msg", "unreachable")).strip())
        self._log(result, "UNREACHABLE")
        super().v2_runner_on_unreachable(result)

    def v2_playbook_on_stats(self, stats):
        super().v2_playbook_on_stats(stats)
        if not self._devices:
            return
        self._display.display("FLEET SUMMARY")
        for host in sorted(self._devices):
            d = self._devices[host]
            stage = d.get("fleet_stage", "starting")
            if "unreachable" in d:
                line = "%s: UNREACHABLE while %s: %s; its campaign, if it had started, goes on there; the same command resumes it" % (
                    host, stage, d["unreachable"].splitlines()[0] if d["unreachable"] else "")
            elif "failed" in d:
                why = d.get("fleet_failure") or d["failed"]
                line = "%s: FAILED while %s: %s" % (host, stage, why)
            elif "fleet_outcome" in d:
                line = "%s: done: %s" % (host, d["fleet_outcome"])
            else:
                line = "%s: did not finish (while %s)" % (host, stage)
            self._display.display(line)
            if self._log_dir is not None:
                with open(os.path.join(self._log_dir, host + ".log"), "a", encoding="utf-8") as f:
                    f.write("summary: " + line + "\n")

    def v2_runner_on_skipped(self, result):
        self._log(result, "skipped")
        super().v2_runner_on_skipped(result)
