import { Param, type PipeTransform } from '@nestjs/common';
import { AppError, isUuid, type ErrorCode } from '@windward/contracts';

/** A path id that is not a UUID names nothing: the aggregate's own not-found error. */
class UuidOrNotFoundPipe implements PipeTransform<string, string> {
  constructor(private readonly code: ErrorCode) {}
  transform(value: string): string {
    if (!isUuid(value)) throw new AppError(this.code);
    return value;
  }
}

/**
 * `@UserIdParam()` / `@UserIdParam('userId')`: like the kit's `@IdParam()`, but a non-UUID id is
 * the same `USER_NOT_FOUND` as an unknown user (the kit's pipe answers the generic NOT_FOUND).
 * (Local to this service; the kit's IdParam could take the error code as a second argument.)
 */
export const UserIdParam = (name = 'id') => Param(name, new UuidOrNotFoundPipe('USER_NOT_FOUND'));
