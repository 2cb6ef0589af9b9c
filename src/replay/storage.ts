import { ReplayEncodeError } from './format.js';

/** A storage error in words: "disk full" for ENOSPC, and so on. */
export function storageReason(e: unknown): string {
  if (e instanceof ReplayEncodeError) return `a fault of this program: ${e.message}`;
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOSPC':
      return 'disk full';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EFBIG':
      return 'the file is as large as this system lets it grow';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EIO':
      return 'the disk reported an input/output error';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EEXIST':
      return 'a file of that name is in the way';
    case 'ENOENT':
      return 'the folder does not exist';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return code ? `the system refused the write (${code})` : e instanceof Error ? e.message : String(e);
  }
}
