/**
 * Resource use of a process and all its descendants (this Node process and its Chromium), for
 * the benchmarks that drive a browser. Linux only: read from /proc.
 *
 * CPU time is the figure that survives a loaded machine: wall time on a shared 2-core host
 * includes every wait for a core, CPU time counts only the work done. Chromium runs a pipeline
 * of processes per page (renderer → GPU/viz → browser), so its wall time on an idle machine is
 * close to its CPU time, while on a host with a load average of 10 each hop waits its turn.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks: own CPU and that of reaped children. */
  ticks: number;
  rssPages: number;
}

/** sysconf(_SC_CLK_TCK) is 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // exited between the listing and the read
  }
  // The command name (field 2) may hold spaces and parentheses: fields resume after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  return { pid, ppid: field(4), ticks: field(14) + field(15) + field(16) + field(17), rssPages: field(24) };
}

function tree(root: number): ProcessStat[] {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcessStat => stat !== undefined);
  const children = new Map<number, ProcessStat[]>();
  for (const stat of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const found: ProcessStat[] = [];
  const queue = all.filter((stat) => stat.pid === root);
  while (queue.length > 0) {
    const stat = queue.shift() as ProcessStat;
    found.push(stat);
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return found;
}

/**
 * CPU milliseconds used so far by `root` and its descendants, including descendants that have
 * exited (a closed browser context's renderer), once their parent has reaped them.
 */
export function treeCpuMs(root: number = process.pid): number {
  return (tree(root).reduce((sum, stat) => sum + stat.ticks, 0) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of `root` and its descendants, in bytes. */
export function treeRssBytes(root: number = process.pid): number {
  return tree(root).reduce((sum, stat) => sum + stat.rssPages * PAGE_BYTES, 0);
}
