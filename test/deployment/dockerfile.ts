import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

export const DOCKERFILE_PATH = fileURLToPath(new URL('../../Dockerfile', import.meta.url));

/** The Dockerfile as stages of instructions: comments dropped, `\` continuations joined. */
export function loadDockerfile(file = DOCKERFILE_PATH): { args: Record<string, string>; stages: Stage[] } {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => !/^\s*#/.test(l));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of joined
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword) continue;
    const args_ = rest!.replace(/\s+/g, ' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(\S+)(?: AS (\S+))?/i.exec(args_)!;
      stages.push({ from, name, instructions: [] });
    } else if (!stages.length && keyword.toUpperCase() === 'ARG') {
      const [k = '', v = ''] = args_.split('=');
      args[k] = v;
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args_ });
  }
  return { args, stages };
}

export const instructionsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
