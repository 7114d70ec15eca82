import { Controller } from '@nestjs/common';
import { UserRefsConsumer, Sql } from '@windward/service-kit';

/** Identity's users (the kit's copy in user_ref). */
@Controller()
export class UsersConsumer extends UserRefsConsumer {
  protected readonly schema: string;

  constructor(sql: Sql) {
    super();
    this.schema = sql.s;
  }
}
