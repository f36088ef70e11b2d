import { readdirSync, readFileSync } from 'node:fs';

/**
 * Each thread of a process (this one by default) and its nice value, read from /proc (Linux): the 19th field of
 * /proc/<pid>/task/<id>/stat, counted after the command name (which may hold spaces and parentheses).
 */
export function threadNices(pid: number | 'self' = 'self'): Map<number, number> {
  const nices = new Map<number, number>();
  for (const id of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8');
    } catch {
      continue; // the thread ended while listed
    }
    // Fields from the 3rd (state) on, after the command's closing parenthesis: the nice value is the 19th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nices.set(Number(id), Number(fields[19 - 3]));
  }
  return nices;
}

/** The ids of this process's threads that run at nice value `nice`. */
export const threadsAt = (nice: number): number[] => [...threadNices()].filter(([, value]) => value === nice).map(([id]) => id);
