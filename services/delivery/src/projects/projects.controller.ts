import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { ProjectsService } from './projects.service.js';
import { ProjectListQuery, ProjectStatusDto, ProjectSummaryQuery, SaveProjectDto } from './project.dto.js';
import { ProjectPage, ProjectSummaryView, ProjectView } from './project.view.js';

const API = 'gw/project/api/v2/projects';

@ApiTags('projects')
@ApiBearerAuth()
@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  /** Projects in the caller's data scope, filtered, paged and sorted on the server. */
  @Get(API)
  @RequireRights(Rights.PROJECT_CENTER_SHOW, Rights.OPERATION_PROJECT_SHOW)
  list(@CurrentUser() user: AuthUser, @Query() q: ProjectListQuery): Promise<ProjectPage> {
    return this.projects.list(user, q);
  }

  /** One project with what its edit form needs. */
  @Get(`${API}/:id`)
  @RequireRights(Rights.PROJECT_CENTER_SHOW, Rights.OPERATION_PROJECT_SHOW)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ProjectView> {
    return this.projects.get(user, id);
  }

  /** Creates a project (O&M projects need the operation project edit right); publishes delivery.project.created. */
  @Post(API)
  @RequireRights(Rights.PROJECT_CENTER_EDIT, Rights.OPERATION_PROJECT_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveProjectDto): Promise<ProjectView> {
    return this.projects.create(user, dto);
  }

  /** Replaces a project's fields (not its status); publishes delivery.project.updated. */
  @Put(`${API}/:id`)
  @RequireRights(Rights.PROJECT_CENTER_EDIT, Rights.OPERATION_PROJECT_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveProjectDto): Promise<ProjectView> {
    return this.projects.update(user, id, dto);
  }

  /** Deletes a pending project no O&M project holds (-6004 otherwise); answers 204. */
  @Delete(`${API}/:id`)
  @HttpCode(204)
  @RequireRights(Rights.PROJECT_CENTER_EDIT, Rights.OPERATION_PROJECT_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.projects.remove(user, id);
  }

  /** pending → processing → completed, never back; O&M projects close after their campaigns unless forced (-6006). */
  @Put(`${API}/:id/status`)
  @RequireRights(Rights.PROJECT_CENTER_EDIT, Rights.OPERATION_PROJECT_OPERATE)
  status(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: ProjectStatusDto): Promise<ProjectView> {
    return this.projects.changeStatus(user, id, dto);
  }

  /** SPEC §7 project summary: turbines and inspections of the project from delivery's read models. */
  @Get('context/api/v1/projects/:id/summary')
  summary(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: ProjectSummaryQuery): Promise<ProjectSummaryView> {
    return this.projects.summary(user, id, q);
  }
}
