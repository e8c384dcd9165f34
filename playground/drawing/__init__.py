"""Drawing: SVG diagrams and strips (``svg``), Plotly charts (``figures``) and the step-through
animations built from them (``frames``). Pure functions from numbers to pictures; no Streamlit."""
