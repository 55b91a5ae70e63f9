import MonogramRender
print(RenderLibraries.versions)
