/** Types of scripts/buildStamp.cjs (the tests import it). */

/** A build's stamp: its inputs' content hash and its output's fingerprint. */
export interface BuildStamp {
  inputs: string;
  output: string | null;
}

/** Files under `entry` relative to `root`, `/`-separated and sorted; no node_modules, dist or tests. */
export function inputFiles(root: string, entry: string): string[];
/** SHA-256 over the names and contents of every file under `entries`. */
export function inputsHash(root: string, entries: readonly string[]): string;
/** Fingerprint of an output folder (paths, sizes, times); null when missing or empty. */
export function outputFingerprint(dir: string): string | null;
/** The saved stamp, or null. */
export function readStamp(file: string): BuildStamp | null;
/** Saves a stamp. */
export function writeStamp(file: string, stamp: BuildStamp): void;
/** The saved stamp still holds for `now`. */
export function upToDate(stamp: BuildStamp | null, now: BuildStamp): boolean;

/** Fingerprint of several output folders; null when any is missing or empty. */
export function outputsFingerprint(dirs: readonly string[]): string | null;
/** A stamped build: its stamp file, the root its inputs are relative to, the inputs and the output folders. */
export interface StampedBuild {
  stampFile: string;
  root: string;
  entries: readonly string[];
  outDirs: readonly string[];
}
/**
 * Whether the build must run; `inputs` is the hash to record after it; `inputsChanged` that a
 * stamp exists and its inputs differ from today's.
 */
export function buildNeeded(build: StampedBuild): { needed: boolean; inputs: string; inputsChanged: boolean };
/** Records a successful build from `inputs`; false (nothing written) when the inputs changed meanwhile. */
export function recordBuild(build: StampedBuild, inputs: string): boolean;
/** The dependency lock changed since the server was last built (or it never was). */
export function dependenciesChanged(stampFile: string, root: string): boolean;
/** Records the lock the server was just built with. */
export function recordDependencies(stampFile: string, root: string): void;
