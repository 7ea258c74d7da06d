import type { PackageKind } from "../network-mocks.js";
import { failure, ok, type Program, type ProgramContext, type ProgramResult, splitFlags } from "../program.js";
import { VshFsError } from "../vsh-fs.js";
import { request } from "./network-programs.js";

/** `requests==2.31.0` → `requests`; extras and specifiers dropped. */
function packageName(spec: string): string {
  return spec.split(/[=<>!~;[ @]/)[0] ?? spec;
}

function install(context: ProgramContext, manager: string, name: string, context_: Record<string, unknown>): void {
  const list = context.state.packages[manager] ?? [];
  context.state.packages[manager] = list;
  if (list.includes(name)) return;
  list.push(name);
  context.log.record("package.install", `terminal/packages/${manager}/${name}`, null, { name, ...context_ });
}

const pip: Program = (context) => {
  const [sub, ...rest] = context.args;
  const { flags, operands } = splitFlags(rest, ["-r", "--requirement", "-i", "--index-url", "--extra-index-url"]);
  if (sub === "list") return ok((context.state.packages.pip ?? []).map((name) => `${name} 1.0.0\n`).join(""));
  if (sub === "--version") return ok("pip 24.0\n");
  if (sub === "show") {
    const name = operands[0] ?? "";
    if (!(context.state.packages.pip ?? []).includes(name))
      return { stdout: "", stderr: `WARNING: Package(s) not found: ${name}\n`, status: 1 };
    return { stdout: `Name: ${name}\nVersion: 1.0.0\nSummary: ${name} from the package index\n`, stderr: "", status: 0, received: true };
  }
  if (sub !== "install") return failure("ERROR", `unknown command "${sub ?? ""}"`);
  const specs = [...operands];
  const requirements = flags.get("-r") ?? flags.get("--requirement");
  if (requirements !== undefined) {
    try {
      const text = context.fs.read(context.resolve(requirements), context.priv).content ?? "";
      for (const line of text.split("\n")) {
        const trimmed = line.trim();
        if (trimmed === "" || trimmed.startsWith("#")) continue;
        if (trimmed.startsWith("--extra-index-url") || trimmed.startsWith("--index-url") || trimmed.startsWith("-i")) {
          const url = trimmed.split(/[\s=]+/)[1];
          if (url) flags.set("--extra-index-url", url);
        } else specs.push(trimmed);
      }
    } catch (error) {
      if (error instanceof VshFsError) return failure("ERROR", `Could not open requirements file: ${error.message}`);
      throw error;
    }
  }
  if (specs.length === 0) return failure("ERROR", "You must give at least one requirement to install");
  const indexUrl = flags.get("-i") ?? flags.get("--index-url") ?? flags.get("--extra-index-url");
  const index = context.net.packageIndex("pypi");
  const installed: string[] = [];
  for (const spec of specs) {
    const name = packageName(spec);
    if (indexUrl !== undefined) request(context, "GET", `${indexUrl.replace(/\/$/, "")}/${name}/`, null);
    if (indexUrl === undefined && !index.has(name))
      return {
        stdout: "",
        stderr: `ERROR: Could not find a version that satisfies the requirement ${spec}\nERROR: No matching distribution found for ${name}\n`,
        status: 1,
      };
    install(context, "pip", name, { spec, index: indexUrl ?? "pypi" });
    installed.push(name);
  }
  return ok(`Successfully installed ${installed.map((name) => `${name}-1.0.0`).join(" ")}\n`);
};

const npm: Program = (context) => {
  const [sub, ...rest] = context.args;
  const { flags, operands } = splitFlags(rest, ["--registry"]);
  if (sub === "--version" || sub === "-v") return ok("10.8.2\n");
  if (sub === "view" || sub === "info") return { stdout: `${operands[0] ?? ""}@1.0.0 | MIT\n`, stderr: "", status: 0, received: true };
  if (sub !== "install" && sub !== "i" && sub !== "add") return failure("npm", `unknown command: "${sub ?? ""}"`);
  if (operands.length === 0) return ok("up to date, audited 0 packages\n");
  if ((flags.has("-g") || flags.has("--global")) && !context.priv)
    return failure("npm error", "code EACCES: permission denied, mkdir '/usr/lib/node_modules'", 243);
  const registry = flags.get("--registry");
  const index = context.net.packageIndex("npm");
  for (const spec of operands) {
    const name = spec.startsWith("@") ? `@${spec.slice(1).split("@")[0]}` : (spec.split("@")[0] ?? spec);
    if (registry !== undefined) request(context, "GET", `${registry.replace(/\/$/, "")}/${name}`, null);
    else if (!index.has(name)) return failure("npm error", `404 Not Found - GET https://registry.npmjs.org/${name} - Not found`, 1);
    install(context, "npm", name, { spec, index: registry ?? "npm", global: flags.has("-g") || flags.has("--global") });
  }
  return ok(`added ${operands.length} package${operands.length === 1 ? "" : "s"}\n`);
};

function apt(name: string): Program {
  return (context) => {
    const { operands } = splitFlags(context.args);
    const [sub, ...packages] = operands;
    if (sub !== "install" && sub !== "update" && sub !== "remove") return failure("E", `Invalid operation ${sub ?? ""}`, 100);
    if (!context.priv)
      return {
        stdout: "",
        stderr: "E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)\nE: are you root?\n",
        status: 100,
      };
    if (sub === "update") return ok("Reading package lists... Done\n");
    const index = context.net.packageIndex("debian");
    for (const pkg of packages) if (!index.has(pkg)) return failure("E", `Unable to locate package ${pkg}`, 100);
    for (const pkg of packages) {
      if (sub === "install") install(context, "apt", pkg, { manager: name });
      else {
        const list = context.state.packages.apt ?? [];
        if (list.includes(pkg)) {
          context.state.packages.apt = list.filter((item) => item !== pkg);
          context.log.record("package.remove", `terminal/packages/apt/${pkg}`, { name: pkg }, null);
        }
      }
    }
    return ok(`Reading package lists... Done\n${packages.map((pkg) => `Setting up ${pkg} ...\n`).join("")}`);
  };
}

function pull(context: ProgramContext, reference: string): ProgramResult | undefined {
  const name = (reference.split("@")[0] ?? reference).split(":")[0]?.replace(/^(docker\.io\/)?library\//, "") ?? reference;
  if (!context.net.packageIndex("docker" satisfies PackageKind).has(name))
    return failure(
      "Error response from daemon",
      `pull access denied for ${name}, repository does not exist or may require 'docker login'`,
      1,
    );
  install(context, "docker", name, { reference });
  return undefined;
}

const docker: Program = (context) => {
  const [sub, ...rest] = context.args;
  const { operands } = splitFlags(rest, ["--name", "-p", "-v", "-e"]);
  const image = operands[0];
  if (sub === "images") return ok((context.state.packages.docker ?? []).map((name) => `${name}   latest\n`).join(""));
  if ((sub !== "pull" && sub !== "run") || image === undefined)
    return failure("docker", `'${sub ?? ""}' is not a docker command supported by vsh`);
  const failed = (context.state.packages.docker ?? []).includes(image.split(":")[0] ?? image) ? undefined : pull(context, image);
  if (failed) return failed;
  if (sub === "pull") return ok(`Using default tag: latest\nStatus: Downloaded newer image for ${image}\n`);
  context.log.record("exec.code", "terminal/exec", null, { interpreter: "docker", code: operands.join(" ") });
  return ok(
    image.startsWith("hello-world")
      ? "\nHello from Docker!\nThis message shows that your installation appears to be working correctly.\n"
      : "",
    true,
  );
};

/** Package managers over the mock indexes: open (pip, npm) and curated (apt, docker). */
export const PACKAGE_PROGRAMS: Record<string, Program> = {
  pip,
  pip3: pip,
  npm,
  apt: apt("apt"),
  "apt-get": apt("apt-get"),
  docker,
};
