# The RNN Playground on one CPU box: Streamlit as a non-root user, with a health check.
#   docker build -t rnn-playground .
#   docker run -p 8501:8501 rnn-playground        # then open http://localhost:8501
# Replicas behind a proxy: see "Past one box" in docs/deploying.md.
FROM python:3.11-slim

# One torch thread per request, two malloc arenas and a fixed 128 KB line for blocks of their own
# (playground/core/runtime.py explains the policy).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    RNN_PLAYGROUND_TORCH_THREADS=1

RUN useradd --create-home --uid 10001 playground
WORKDIR /app

# CPU-only PyTorch: PyPI's Linux wheel brings several GB of CUDA libraries that a CPU box never uses,
# so requirements.txt pins torch==2.13.0+cpu on Linux and names torch's page in PyTorch's CPU index
# (https://download.pytorch.org/whl/cpu/torch/); everything else comes from PyPI, as on Community Cloud.
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY --chown=playground:playground . .
# data-cache/: corpora fetched at run time (live training, held-out checks) are kept here
RUN mkdir -p data-cache && chown playground:playground data-cache
USER playground

EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).status != 200)"
CMD ["python", "-m", "streamlit", "run", "streamlit_app.py", "--server.port=8501", "--server.address=0.0.0.0"]
